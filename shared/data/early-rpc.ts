/**
 * A first page load's big reads, asked for before supabase-js has even downloaded (issue 11 'Scale').
 * The web app's entry module starts them with plain fetch and the stored access token
 * ({@link startEarlyRpcs}); when supabase-js later makes the very same request (same function, same
 * JSON body, same token), its fetch ({@link fetchWithEarlyRpcs}) answers with that response instead
 * of asking again. supabase-js still does everything else (parsing, errors), so nothing behaves
 * differently, the data only arrives sooner. An early request that failed, answered an error, went
 * unused for {@link EARLY_RPC_MAX_AGE_MS} or was made with another token is simply asked again.
 * Imports nothing at runtime: it is part of the entry chunk every page loads.
 */

/** One RPC as the data layer calls it: `client.rpc(fn, args)`. */
export interface RpcCall {
  fn: string;
  args: Record<string, unknown>;
}

export interface EarlyRpcEndpoint {
  /** The Supabase URL (https://xyz.supabase.co or the local stack). */
  url: string;
  anonKey: string;
}

/** Older than this, an early answer is not used (the caller asks again): it may be out of date. */
export const EARLY_RPC_MAX_AGE_MS = 10_000;

interface EarlyRpc {
  authorization: string;
  startedAt: number;
  response: Promise<Response | null>;
}

const pending = new Map<string, EarlyRpc>();

const rpcUrl = (baseUrl: string, fn: string) => `${baseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`;
const keyOf = (url: string, body: string) => `${url}\n${body}`;

/** Starts each call now, with the given (still valid) access token. */
export function startEarlyRpcs(endpoint: EarlyRpcEndpoint, accessToken: string, calls: readonly RpcCall[], now: () => number = Date.now): void {
  const authorization = `Bearer ${accessToken}`;
  for (const call of calls) {
    const url = rpcUrl(endpoint.url, call.fn);
    // The body as postgrest-js writes it (JSON.stringify of the same args object).
    const body = JSON.stringify(call.args);
    const response = fetch(url, {
      method: 'POST',
      headers: { apikey: endpoint.anonKey, Authorization: authorization, 'Content-Type': 'application/json' },
      body,
    }).catch(() => null);
    pending.set(keyOf(url, body), { authorization, startedAt: now(), response });
  }
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * A fetch for supabase-js: a POST that matches an early RPC (URL, body and Authorization header) gets
 * that RPC's response, once; every other request goes to `base` (the global fetch by default).
 */
export function fetchWithEarlyRpcs(base?: typeof fetch, now: () => number = Date.now): typeof fetch {
  const send: typeof fetch = (input, init) => (base ?? globalThis.fetch)(input, init);
  return async (input, init) => {
    if (pending.size === 0 || (init?.method ?? 'GET').toUpperCase() !== 'POST' || typeof init?.body !== 'string') return send(input, init);
    const key = keyOf(requestUrl(input), init.body);
    const early = pending.get(key);
    if (!early) return send(input, init);
    pending.delete(key); // one answer, one use
    const fresh = now() - early.startedAt <= EARLY_RPC_MAX_AGE_MS;
    if (fresh && new Headers(init.headers).get('Authorization') === early.authorization) {
      const response = await early.response;
      if (response?.ok) return response;
    }
    return send(input, init);
  };
}

/** Tests only: forget the early requests of a previous case. */
export function clearEarlyRpcs(): void {
  pending.clear();
}
