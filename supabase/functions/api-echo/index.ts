import { handle, json, readJsonBody } from '../_shared/http.ts';

// Headers worth echoing for debugging routing; credentials are never echoed back.
const ECHOED_HEADERS = ['content-type', 'user-agent', 'x-client-info', 'accept', 'origin'];

/** Echoes what arrived (method, path, query, JSON body, a few headers) for the debug panel. */
Deno.serve(
  handle(
    async (req) => {
      const url = new URL(req.url);
      const hasBody = req.method === 'POST' && (req.headers.get('content-length') ?? '') !== '0' && req.body !== null;
      const body = hasBody ? await readJsonBody(req) : null;
      const headers = Object.fromEntries(ECHOED_HEADERS.flatMap((h) => (req.headers.has(h) ? [[h, req.headers.get(h)]] : [])));
      return json({
        status: 'ok',
        function: 'api-echo',
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers,
        authenticated: req.headers.has('authorization'),
        time: new Date().toISOString(),
      });
    },
    ['GET', 'POST'],
  ),
);
