import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { createFunctionsService } from '../../supabase/local/functions/index.ts';
import type { Service, StackContext } from '../../supabase/local/types.ts';
import type { Database } from '../../supabase/local/db/index.ts';

/**
 * The functions runtime on its own: a temp functions folder with small fixture functions, the real
 * service (real Deno workers) behind a plain HTTP server. Covers worker reuse, crashes, boot
 * failures, timeouts, streaming, verify_jwt from config.toml, env and Deno permissions.
 */

const FIXTURES: Record<string, string> = {
  hello: `Deno.serve((req) => Response.json({ pid: Deno.pid, path: new URL(req.url).pathname, query: new URL(req.url).search, auth: req.headers.get('authorization'), secret: req.headers.get('x-lv-worker-secret') }));`,
  open: `Deno.serve(() => Response.json({ open: true }));`,
  crash: `Deno.serve((req) => { if (new URL(req.url).searchParams.has('die')) Deno.exit(1); return Response.json({ pid: Deno.pid }); });`,
  slow: `Deno.serve(async () => { await new Promise((r) => setTimeout(r, 5000)); return new Response('late'); });`,
  broken: `import './missing-module.ts';\nDeno.serve(() => new Response('never'));`,
  npmmissing: `import leftPad from 'npm:left-pad@1.3.0';\nDeno.serve(() => new Response(leftPad('x', 3)));`,
  remote: `import { serve } from 'https://deno.land/std@0.168.0/http/server.ts';\nserve(() => new Response('remote'));`,
  noserve: `console.log('I forgot to call Deno.serve');`,
  // Answers at once, then reports to ?to= 800 ms later through EdgeRuntime.waitUntil (as share-link sends mail).
  later: `Deno.serve((req) => {
    const to = new URL(req.url).searchParams.get('to');
    EdgeRuntime.waitUntil((async () => { await new Promise((r) => setTimeout(r, 800)); await fetch(to, { method: 'POST' }); })());
    return Response.json({ pid: Deno.pid });
  });`,
  throws: `Deno.serve(() => { throw new Error('secret internals'); });`,
  stream: `Deno.serve(async (req) => new Response(req.body, { status: 201, headers: { 'x-custom': 'yes', 'content-type': req.headers.get('content-type') ?? 'application/octet-stream' } }));`,
  env: `Deno.serve(() => Response.json({ url: Deno.env.get('SUPABASE_URL'), anon: Deno.env.get('SUPABASE_ANON_KEY'), service: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'), smtp: Deno.env.get('SMTP_HOST') + ':' + Deno.env.get('SMTP_PORT'), brand: Deno.env.get('BRAND_NAME'), path: Deno.env.get('PATH') ?? null, home: Deno.env.get('HOME') ?? null }));`,
  clock: `import { now } from '../_shared/clock.ts';
Deno.serve((req) => Response.json({ now: now(req).toISOString() }));`,
  perms: `Deno.serve(async () => {
    const tryIt = async (fn) => { try { await fn(); return 'allowed'; } catch (e) { return e.name; } };
    return Response.json({
      write: await tryIt(() => Deno.writeTextFile('/tmp/lv-fn-perm-test.txt', 'x')),
      run: await tryIt(() => new Deno.Command('/bin/true').output()),
      readEtc: await tryIt(() => Deno.readTextFile('/etc/hostname')),
      ffi: await tryIt(() => Deno.dlopen('libc.so.6', {})),
    });
  });`,
};

let root: string;
let service: Service;
let server: http.Server;
let base: string;
let config: ReturnType<typeof loadConfig>;
const savedEnv = { ...process.env };
/** What the functions service logged (boot failures name their cause here). */
const logs: string[] = [];
const logsOf = (name: string) => logs.filter((line) => line.includes(`function ${name} `) || line.startsWith(`[fn:${name}]`));

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function call(name: string, init: RequestInit = {}) {
  const res = await fetch(`${base}/functions/v1/${name}`, {
    ...init,
    headers: { ...bearer(config.anonKey), ...(init.headers as Record<string, string>) },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as Record<string, unknown>, headers: res.headers, text };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-runtime-'));
  const functionsDir = path.join(root, 'supabase', 'functions');
  for (const [name, code] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.join(functionsDir, name), { recursive: true });
    fs.writeFileSync(path.join(functionsDir, name, 'index.ts'), code);
  }
  fs.mkdirSync(path.join(functionsDir, '_shared'), { recursive: true });
  fs.writeFileSync(path.join(functionsDir, '_shared', 'index.ts'), `Deno.serve(() => new Response('shared code is not a function'));`);
  // The real clock helper, as the functions use it.
  for (const file of ['clock.ts', 'env.ts'])
    fs.copyFileSync(path.resolve(import.meta.dirname, '../../supabase/functions/_shared', file), path.join(functionsDir, '_shared', file));
  fs.writeFileSync(path.join(root, 'supabase', 'config.toml'), '[functions.open]\nverify_jwt = false\n');
  process.env.FUNCTIONS_REQUEST_TIMEOUT_MS = '1500';
  process.env.FUNCTIONS_BOOT_TIMEOUT_MS = '4000';
  process.env.DENO_DIR = path.join(root, 'deno-dir');
  config = loadConfig({ BRAND_NAME: 'TestBrand' }, { port: 0, dataDir: root, functionsDir, logLevel: 'silent', maxJsonBody: 1024 * 1024 });
  const ctx = {
    config,
    db: undefined as unknown as Database,
    mail: { send: () => Promise.resolve() },
    log: (msg: string) => void logs.push(msg),
    smtpForFunctions: { host: '127.0.0.1', port: 2525, sender: 'x@example.test' },
  } satisfies StackContext;
  service = createFunctionsService(ctx);
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    void service.handle(req, res, url.pathname.slice('/functions/v1'.length), url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  config.publicUrl = base;
});

afterAll(async () => {
  await service?.close?.();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  process.env = savedEnv;
  fs.rmSync(root, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('functions runtime', () => {
  it('runs a function under Deno, passes path, query and auth, and reuses the worker', async () => {
    const first = await call('hello/sub/path?x=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ path: '/hello/sub/path', query: '?x=1', auth: `Bearer ${config.anonKey}`, secret: null });
    const second = await call('hello');
    expect(second.body.pid).toBe(first.body.pid);
  });

  it('applies verify_jwt from config.toml: missing or bad JWT -> 401, opted-out function open', async () => {
    const missing = await fetch(`${base}/functions/v1/hello`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const bad = await call('hello', { headers: bearer('not.a.jwt') });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('Invalid JWT');
    const forged = await call('hello', { headers: bearer(config.anonKey.slice(0, -4) + 'AAAA') });
    expect(forged.status).toBe(401);
    const open = await fetch(`${base}/functions/v1/open`, { method: 'POST' });
    expect(open.status).toBe(200);
  });

  it('answers 404 for unknown names, _shared and path tricks', async () => {
    for (const name of ['nope', '_shared', '..%2F..%2Fetc', '.hidden']) {
      const res = await call(name);
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('streams bodies both ways with status and headers', async () => {
    const payload = 'x'.repeat(600 * 1024);
    const res = await call('stream', { method: 'POST', body: payload, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-custom')).toBe('yes');
    expect(res.text.length).toBe(payload.length);
  });

  it('refuses bodies over the limit with 413 JSON', async () => {
    const res = await call('stream', { method: 'POST', body: 'y'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a crash mid-request answers 502 JSON, and the next call starts a new worker', async () => {
    const before = await call('crash');
    expect(before.status).toBe(200);
    const died = await call('crash?die=1');
    expect(died.status).toBe(502);
    expect(died.body.code).toBe('WORKER_ERROR');
    const after = await call('crash');
    expect(after.status).toBe(200);
    expect(after.body.pid).not.toBe(before.body.pid);
  });

  it('a function that cannot boot answers 503 BOOT_ERROR, whether it fails or never serves', async () => {
    const broken = await call('broken');
    expect(broken.status).toBe(503);
    expect(broken.body).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    const noserve = await call('noserve');
    expect(noserve.status).toBe(503);
    expect(noserve.body).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    // The boot timeout (FUNCTIONS_BOOT_TIMEOUT_MS, 4000 here) ended it, not a hang or the request timeout.
    expect(logsOf('noserve')).toContain('functions: function noserve did not call Deno.serve within 4000 ms');
  });

  it('never downloads: a missing npm package or a remote import fails fast with BOOT_ERROR', async () => {
    const missing = { npmmissing: "'npm:left-pad@1.3.0'", remote: '--cached-only' };
    for (const [name, cause] of Object.entries(missing)) {
      const res = await call(name);
      expect(res.status, name).toBe(503);
      expect(res.body.code).toBe('BOOT_ERROR');
      // Fast: the worker exited at the import (nothing cached, nothing fetched) instead of trying a
      // download until the boot timeout.
      const boot = logsOf(name).filter((line) => line.startsWith('functions: '));
      expect(boot, name).toHaveLength(1);
      expect(boot[0]).toContain(`functions: function ${name} exited during boot (code 1)`);
      expect(boot[0]).toContain(cause);
    }
  });

  it('has no test hooks unless the stack runs in test mode', async () => {
    const res = await call('_test/env', {
      method: 'POST',
      headers: bearer(config.serviceRoleKey),
      body: JSON.stringify({ name: 'hello', env: {} }),
    });
    expect(res.status).toBe(404);
  });

  it('a handler that throws answers 500 JSON without internals', async () => {
    const res = await call('throws');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('FUNCTION_ERROR');
    expect(res.text).not.toContain('secret internals');
  });

  it('a retired worker finishes its EdgeRuntime.waitUntil work before it stops', async () => {
    let reported = 0;
    const sink = http.createServer((req, res) => {
      reported++;
      res.end();
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    try {
      const to = `http://127.0.0.1:${(sink.address() as { port: number }).port}/done`;
      const first = await call(`later?to=${encodeURIComponent(to)}`);
      expect(first.status).toBe(200);
      // A file change in the functions folder retires every worker; this one is idle, so it is stopped now.
      fs.writeFileSync(path.join(root, 'supabase', 'functions', 'later', 'touched.ts'), '// changed\n');
      await expect.poll(() => isAlive(first.body.pid as number), { timeout: 15_000 }).toBe(false);
      expect(reported).toBe(1);
    } finally {
      await new Promise((r) => sink.close(r));
    }
  });

  it('a function slower than the request timeout answers 504, never hangs', async () => {
    const res = await call('slow');
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('WORKER_TIMEOUT');
  });

  it('passes only the Supabase and function env', async () => {
    const res = await call('env');
    expect(res.body).toMatchObject({
      url: base,
      anon: config.anonKey,
      service: config.serviceRoleKey,
      smtp: '127.0.0.1:2525',
      brand: 'TestBrand',
      home: null,
    });
    // Deno puts its own node-compat folder on PATH; the host's PATH is not passed.
    expect(typeof res.body.path === 'string' ? res.body.path : '').not.toContain('/usr/bin');
  });

  it('runs with minimal permissions: no write, no subprocess, no reads outside the code, no FFI', async () => {
    const res = await call('perms');
    expect(res.body).toEqual({ write: 'NotCapable', run: 'NotCapable', readEtc: 'NotCapable', ffi: 'NotCapable' });
    expect(fs.existsSync('/tmp/lv-fn-perm-test.txt')).toBe(false);
  });

  it('ignores the x-test-now clock header unless the stack runs in test mode', async () => {
    const injected = 946684800000;
    const res = await call('clock', { headers: { 'x-test-now': String(injected) } });
    expect(res.status).toBe(200);
    expect(typeof res.body.now).toBe('string');
    expect(Number.isNaN(Date.parse(res.body.now as string))).toBe(false);
    expect(res.body.now).not.toBe(new Date(injected).toISOString());
  });

  it('a missing Deno binary answers 503 BOOT_ERROR and close() still returns', async () => {
    process.env.DENO_BIN = path.join(root, 'no-such-deno');
    try {
      const broken = createFunctionsService({
        config,
        db: undefined as unknown as Database,
        mail: { send: () => Promise.resolve() },
        log: () => undefined,
        smtpForFunctions: { host: '127.0.0.1', port: 2525, sender: 'x@example.test' },
      });
      const srv = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://local');
        void broken.handle(req, res, url.pathname.slice('/functions/v1'.length), url);
      });
      await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
      const res = await fetch(`http://127.0.0.1:${(srv.address() as { port: number }).port}/functions/v1/hello`, {
        headers: bearer(config.anonKey),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'BOOT_ERROR' });
      await broken.close?.();
      await new Promise<void>((r) => srv.close(() => r()));
    } finally {
      delete process.env.DENO_BIN;
    }
  });

  it('close() stops every worker', async () => {
    const { body } = await call('hello');
    const pid = body.pid as number;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await service.close?.();
    expect(() => process.kill(pid, 0)).toThrow('ESRCH');
  });
});
