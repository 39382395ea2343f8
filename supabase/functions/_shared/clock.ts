import { env } from './env.ts';

/**
 * The current time for a request. Tests of expiring things (e-mail codes) need to move time, so
 * when FUNCTIONS_TEST_MODE=true (set only by the test stack, never in production) an `x-test-now`
 * header (ISO date or ms since epoch) replaces the real clock. Without the flag the header is ignored.
 */
export function now(req: Request): Date {
  if (env('FUNCTIONS_TEST_MODE') === 'true') {
    const given = req.headers.get('x-test-now');
    if (given) {
      const ms = /^\d+$/.test(given) ? Number(given) : Date.parse(given);
      if (Number.isFinite(ms)) return new Date(ms);
    }
  }
  return new Date();
}
