import { handle, json } from '../_shared/http.ts';

/** Liveness probe for the web app's debug panel and uptime checks: no auth, no database. */
Deno.serve(
  handle(
    (req) => Promise.resolve(json({ status: 'ok', function: 'api-health', method: req.method, time: new Date().toISOString() })),
    ['GET', 'POST', 'HEAD'],
  ),
);
