import { hasEarlyRpcs, takeEarlyRpc } from './early-rpc.ts';

/** Older than this, an early answer is not used (the caller asks again): it may be out of date. */
export const EARLY_RPC_MAX_AGE_MS = 10_000;

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch for supabase-js (early-rpc.ts): a POST that matches an early RPC (URL, body and
 * Authorization header), or a GET that matches an early table read (URL and Authorization header),
 * gets that early response, once; every other request goes to `base` (the
 * global fetch by default). An early request that failed, answered an error, is older than
 * {@link EARLY_RPC_MAX_AGE_MS} or was made with another token is simply asked again.
 */
export function fetchWithEarlyRpcs(base?: typeof fetch, now: () => number = Date.now): typeof fetch {
  const send: typeof fetch = (input, init) => (base ?? globalThis.fetch)(input, init);
  return async (input, init) => {
    if (!hasEarlyRpcs()) return send(input, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = method === 'POST' && typeof init?.body === 'string' ? init.body : method === 'GET' && init?.body == null ? '' : null;
    if (body === null) return send(input, init);
    const early = takeEarlyRpc(requestUrl(input), body);
    if (
      early &&
      now() - early.startedAt <= EARLY_RPC_MAX_AGE_MS &&
      new Headers(init?.headers).get('Authorization') === early.authorization
    ) {
      const response = await early.response;
      if (response?.ok) return response;
    }
    return send(input, init);
  };
}
