/**
 * Runs INSIDE Deno, once per function worker (see worker-pool.ts). It imports the function's
 * index.ts unchanged: the function calls `Deno.serve(handler)` exactly as on hosted Supabase, and
 * this wrapper makes that call listen on 127.0.0.1 on a free port, announce the port on stdout, and
 * accept only requests that carry the stack's per-worker secret (so nothing can bypass verify_jwt
 * by talking to the worker port directly).
 */

// Minimal shapes of the Deno APIs used here, so the repo's Node typecheck accepts this file.
type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  port?: number;
  hostname?: string;
  handler?: Handler;
  onListen?: (addr: { port: number; hostname: string }) => void;
  onError?: (error: unknown) => Response | Promise<Response>;
  signal?: AbortSignal;
}
declare const Deno: {
  env: { get(name: string): string | undefined };
  stdin: { read(p: Uint8Array): Promise<number | null> };
  serve: (...args: unknown[]) => unknown;
  exit(code: number): never;
  addSignalListener(signal: 'SIGTERM', handler: () => void): void;
};

const entry = Deno.env.get('LV_FUNCTION_ENTRY');
const secret = Deno.env.get('LV_WORKER_SECRET');
const readyMarker = Deno.env.get('LV_READY_MARKER');
if (!entry || !secret || !readyMarker) {
  console.error('worker-bootstrap: LV_FUNCTION_ENTRY, LV_WORKER_SECRET and LV_READY_MARKER are required');
  Deno.exit(2);
}

// The stack holds this worker's stdin open; it reads EOF when the stack exits, however it dies
// (SIGKILL included), and the worker exits with it instead of living on as an orphan.
void (async () => {
  const buf = new Uint8Array(64);
  try {
    while ((await Deno.stdin.read(buf)) !== null) {
      // nothing is ever sent; only the end matters
    }
  } catch {
    // a closed or broken pipe is an end too
  }
  Deno.exit(0);
})();

// EdgeRuntime.waitUntil as on hosted Supabase: work handed to it (e-mail sent after the answer, see
// _shared/background.ts) finishes before a stopping worker exits. The pool stops a worker with SIGTERM
// when it is idle and retired (a file changed, a test changed its env) and kills it 5 s later.
const pending = new Set<Promise<unknown>>();
(globalThis as { EdgeRuntime?: unknown }).EdgeRuntime = {
  waitUntil(promise: Promise<unknown>) {
    const tracked = Promise.resolve(promise)
      .catch(() => undefined)
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  },
};
Deno.addSignalListener('SIGTERM', () => {
  const cap = new Promise((resolve) => setTimeout(resolve, 4_000));
  void Promise.race([Promise.allSettled([...pending]), cap]).then(() => Deno.exit(0));
});

const jsonHeaders = { 'Content-Type': 'application/json' };
const originalServe = Deno.serve.bind(Deno) as (options: ServeOptions, handler: Handler) => unknown;
let serving = false;

function pickHandler(args: unknown[]): { handler: Handler; options: ServeOptions } {
  const [a, b] = args;
  if (typeof a === 'function') return { handler: a as Handler, options: {} };
  const options = (a ?? {}) as ServeOptions;
  if (typeof b === 'function') return { handler: b as Handler, options };
  if (typeof options.handler === 'function') return { handler: options.handler, options };
  throw new TypeError('Deno.serve needs a handler');
}

Deno.serve = (...args: unknown[]) => {
  if (serving) throw new Error('Deno.serve was called more than once in this function');
  serving = true;
  const { handler, options } = pickHandler(args);
  return originalServe(
    {
      hostname: '127.0.0.1',
      port: 0,
      signal: options.signal,
      onListen: ({ port }) => console.log(`${readyMarker} ${port}`),
      onError: (error) => {
        // A thrown handler is a bug in the function: log it, never send a stack trace to the client.
        console.error(error);
        return new Response(JSON.stringify({ code: 'FUNCTION_ERROR', message: 'The function failed to handle the request' }), {
          status: 500,
          headers: { ...jsonHeaders, 'Access-Control-Allow-Origin': '*' },
        });
      },
    },
    (req, info) => {
      if (req.headers.get('x-lv-worker-secret') !== secret) {
        return new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'Call functions through the stack' }), {
          status: 403,
          headers: jsonHeaders,
        });
      }
      const headers = new Headers(req.headers);
      headers.delete('x-lv-worker-secret');
      return handler(new Request(req, { headers }), info);
    },
  );
};

await import(entry);
export {};
