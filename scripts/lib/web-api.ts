import type http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
// The stack's body reader: over a limit it discards the rest of the body, so the 413 reaches the client.
import { BodyTooLargeError, readBody } from '../../supabase/local/http.ts';
import { SHARE_AUTOSAVE_HEADER, shareAutoSaveAllowed } from '../../shared/rules/share-autosave.ts';

/**
 * The web server's own routes besides the static files (part 2 §7):
 * - `/api/health`, `/api/echo`, `/api/links/share-incoming` forward to the edge functions api-health,
 *   api-echo and links-share-incoming with the caller's bearer token (never one of ours);
 * - `POST /share/receive` (a form: url, source, method, as a share target or the debug helper posts it)
 *   answers 303 with the same page's GET form, which the web app handles. That GET is judged like any
 *   other (shareAutoSaveAllowed): the browser reports a redirect chain started by another site as
 *   `cross-site`, so another site's auto-submitted form only ever shows the Save button;
 * - `GET /share/receive` and `/share/capture`: the app's page, with the server's word on whether it
 *   may save without a click.
 * A hosted deploy needs the same two rewrites from its host (docs/deploying.md, "Web server routes").
 */
const API_FUNCTIONS: Readonly<Record<string, string>> = {
  '/api/health': 'api-health',
  '/api/echo': 'api-echo',
  '/api/links/share-incoming': 'links-share-incoming',
};

/** Form fields POST /share/receive passes on to the GET page; anything else is dropped. */
const SHARE_FIELDS = ['url', 'link', 'text', 'title', 'source', 'method'] as const;
const MAX_FORM_BYTES = 64 * 1024;
const MAX_API_BODY_BYTES = 1024 * 1024;
/** Request headers passed to a function: the caller's own, never cookies. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'user-agent', 'x-client-info'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'cache-control'];

export interface WebApiOptions {
  /** The stack (or hosted Supabase) URL whose /functions/v1 the calls go to. */
  supabaseUrl: string;
  /** Sent as `apikey` (the gateway wants one); authorisation is the caller's bearer token alone. */
  anonKey: string;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/** The GET URL for a posted share form: its known fields as query parameters. */
async function shareReceiveRedirect(contentType: string, body: Buffer): Promise<string> {
  const params = new URLSearchParams();
  let form: FormData | URLSearchParams;
  if (/^multipart\/form-data/i.test(contentType)) {
    // undici parses multipart (Android share targets post multipart/form-data).
    form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData();
  } else {
    form = new URLSearchParams(body.toString('utf8'));
  }
  for (const name of SHARE_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string' && value.trim()) params.set(name, value.trim().slice(0, 4096));
  }
  const query = params.toString();
  return query ? `/share/receive?${query}` : '/share/receive';
}

async function forwardToFunction(req: http.IncomingMessage, res: http.ServerResponse, name: string, search: string, opts: WebApiOptions) {
  const method = req.method ?? 'GET';
  if (!['GET', 'POST', 'HEAD', 'OPTIONS'].includes(method))
    return sendJson(res, 405, { error: 'method_not_allowed', message: 'Method not allowed' });
  const headers = new Headers({ apikey: opts.anonKey });
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  let body: Buffer | undefined;
  if (method === 'POST') {
    try {
      body = await readBody(req, MAX_API_BODY_BYTES);
    } catch (e) {
      if (e instanceof BodyTooLargeError) return sendJson(res, 413, { error: 'payload_too_large', message: 'Request body too large' });
      throw e;
    }
  }
  let answer: Response;
  try {
    answer = await fetch(`${opts.supabaseUrl.replace(/\/+$/, '')}/functions/v1/${name}${search}`, {
      method,
      headers,
      body: body && body.length ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    });
  } catch {
    return sendJson(res, 502, { error: 'bad_gateway', message: 'The API could not be reached' });
  }
  const out: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value) out[name] = value;
  }
  res.writeHead(answer.status, out);
  if (!answer.body || method === 'HEAD') return void res.end();
  Readable.fromWeb(answer.body as NodeReadableStream).pipe(res);
}

/** The pages that save the link in their URL on arrival (web/src/routes/share-in/share-in-page.tsx). */
const SHARE_IN_PATHS: ReadonlySet<string> = new Set(['/share/receive', '/share/capture']);

/**
 * A request handler for serveStatic's `handle` hook: answers the routes above and returns true, or
 * returns false so the static files (and the app's index.html) answer. For a share-in page it first
 * adds the server's decision (shareAutoSaveAllowed) to the answer: a Server-Timing entry, which the
 * browser shows to that document alone (performance.getEntriesByType('navigation')).
 */
export function webApiRoutes(opts: WebApiOptions) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if ((req.method === 'GET' || req.method === 'HEAD') && SHARE_IN_PATHS.has(url.pathname.replace(/\/+$/, ''))) {
      res.setHeader('Vary', 'Sec-Fetch-Site, Sec-Fetch-Mode, Sec-Fetch-Dest');
      if (shareAutoSaveAllowed(req.headers)) res.setHeader('Server-Timing', SHARE_AUTOSAVE_HEADER);
      return false;
    }
    const fn = API_FUNCTIONS[url.pathname.replace(/\/+$/, '')];
    if (fn) {
      await forwardToFunction(req, res, fn, url.search, opts);
      return true;
    }
    if (req.method === 'POST' && url.pathname.replace(/\/+$/, '') === '/share/receive') {
      let location: string;
      try {
        location = await shareReceiveRedirect(String(req.headers['content-type'] ?? ''), await readBody(req, MAX_FORM_BYTES));
      } catch (e) {
        if (e instanceof BodyTooLargeError) {
          res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Form too large');
          return true;
        }
        location = '/share/receive';
      }
      // 303: the browser follows with GET, so a reload never re-posts the share.
      res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();
      return true;
    }
    return false;
  };
}
