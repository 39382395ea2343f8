/**
 * A first page load's big reads, asked for before supabase-js has even downloaded.
 * The web app's entry module starts them with plain fetch and the stored access token
 * ({@link startEarlyRpcs}); when supabase-js later makes the very same request (same function and
 * JSON body, or same table URL; same token), its fetch (early-rpc-fetch.ts) answers with that
 * response instead of asking again. supabase-js still does everything else (parsing, errors), so
 * nothing behaves differently, the data only arrives sooner. Imports nothing at runtime and holds
 * only what the start needs: it is part of the entry chunk every page loads.
 */

/** One RPC as the data layer calls it: `client.rpc(fn, args)`. */
export interface RpcCall {
  fn: string;
  args: Record<string, unknown>;
}

/**
 * One table read as the data layer makes it with the query builder (`client.from(table).select(...)`):
 * its query parameters in the order postgrest-js writes them, so the URLs are the same.
 */
export interface TableRead {
  table: string;
  params: ReadonlyArray<readonly [string, string]>;
}

/** What a first load can ask for early: an RPC (POST) or a table read (GET). */
export type EarlyCall = RpcCall | TableRead;

export interface EarlyRpc {
  /** The Authorization header it was sent with. */
  authorization: string;
  startedAt: number;
  /** Settles once the whole answer is in (a successful one is read to its end); null when the request failed. */
  response: Promise<Response | null>;
}

const pending = new Map<string, EarlyRpc>();
/** Settles when every early answer of this load is in (null when none is on its way). */
let allIn: Promise<unknown> | null = null;

/** A successful answer read to its end, so that "in" means the whole body arrived. */
async function wholeAnswer(response: Response): Promise<Response> {
  if (!response.ok) return response;
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

const keyOf = (url: string, body: string) => `${url}\n${body}`;

/** Starts each call now with the stored (still valid) access token. `url` is the Supabase URL. */
export function startEarlyRpcs(
  endpoint: { url: string; anonKey: string },
  accessToken: string,
  calls: readonly EarlyCall[],
  now: () => number = Date.now,
): void {
  const authorization = `Bearer ${accessToken}`;
  const rest = `${endpoint.url.replace(/\/+$/, '')}/rest/v1`;
  for (const call of calls) {
    const headers: Record<string, string> = { apikey: endpoint.anonKey, Authorization: authorization };
    let url: string;
    let init: RequestInit;
    if ('fn' in call) {
      url = `${rest}/rpc/${call.fn}`;
      // As postgrest-js writes the body of client.rpc(fn, args).
      init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(call.args) };
    } else {
      url = `${rest}/${call.table}?${new URLSearchParams(call.params as Array<[string, string]>).toString()}`;
      init = { method: 'GET', headers };
    }
    const response = fetch(url, init)
      .then(wholeAnswer)
      .catch(() => null);
    pending.set(keyOf(url, typeof init.body === 'string' ? init.body : ''), { authorization, startedAt: now(), response });
  }
  const answers = Promise.all([allIn, ...[...pending.values()].map((early) => early.response)]);
  allIn = answers;
  void answers.then(() => {
    if (allIn === answers) allIn = null;
  });
}

/**
 * Settles when the early answers of this load are in (and `alsoWaitFor` has settled: the page's
 * queries that read them), at the latest after `maxMs`; null when there are none. A first load
 * renders its page then (web/src/app/route-preload.ts).
 */
export function earlyAnswersIn(maxMs: number, alsoWaitFor?: Promise<unknown>): Promise<void> | null {
  if (!allIn) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  return Promise.race([Promise.all([allIn, alsoWaitFor]).then(() => undefined), cap]).finally(() => clearTimeout(timer));
}

/** The early request with this URL and body ('' for a GET), removed (one answer, one use); undefined when there is none. */
export function takeEarlyRpc(url: string, body: string): EarlyRpc | undefined {
  const key = keyOf(url, body);
  const early = pending.get(key);
  pending.delete(key);
  return early;
}

/** Whether any early request is waiting (so other requests skip the lookup). */
export const hasEarlyRpcs = () => pending.size > 0;

/** Tests only: forget the early requests of a previous case. */
export function clearEarlyRpcs(): void {
  pending.clear();
  allIn = null;
}
