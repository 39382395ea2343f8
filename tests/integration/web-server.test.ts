// The web server of `npm start` (scripts/lib/serve-static.ts + web-api.ts) and the stack's HTTP layer:
// what they answer besides the app itself. A missing hashed asset is a 404 (never the app's HTML under
// an immutable cache); pages cannot be framed; a share-in page learns from the server whether it may
// save without a click; a body over a limit gets its 413 even from a client that reads the answer
// only after sending its whole body.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { webApiRoutes } from '../../scripts/lib/web-api.ts';
import { createConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

let root: string;
let web: string;
let server: http.Server;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-server-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await serveStatic(root, 0, '127.0.0.1', {
    handle: webApiRoutes({ supabaseUrl: testStack().url, anonKey: testStack().anonKey }),
  });
  web = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  fs.rmSync(root, { recursive: true, force: true });
});

/** A GET with the headers a browser sets itself (fetch() may not send Sec-Fetch-*). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

/**
 * Sends a POST with a body of `size` bytes and reads the answer only once the whole body is sent, as
 * many HTTP clients do. A server that stopped reading and closed would make the kernel reset the
 * connection, and the answer would be lost (the test then sees no status line).
 */
function postAndReadAfter(
  target: string,
  size: number,
  opts: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<string> {
  const url = new URL(target);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = '';
    let error = '';
    socket.pause();
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    const finish = () => resolve(answer.split('\r\n')[0] || `(no answer: ${error || 'closed'})`);
    socket.on('close', finish);
    const extra = Object.entries(opts.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n${extra}` +
        (opts.chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${size}\r\n\r\n`),
    );
    const chunk = Buffer.alloc(64 * 1024, 97);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        const piece = opts.chunked
          ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), chunk.subarray(0, n), Buffer.from('\r\n')])
          : chunk.subarray(0, n);
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      if (opts.chunked) socket.write('0\r\n\r\n');
      // Everything sent: now read the answer, then close (the server may keep the connection open).
      socket.resume();
      socket.once('data', () => setTimeout(() => socket.end(), 50));
    };
    pump();
  });
}

describe('static files', () => {
  it('a missing /assets/ file is 404 and not cached; an existing one is immutable', async () => {
    const missing = await get(`${web}/assets/app-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.body).not.toContain('<div id="root">');
    const found = await get(`${web}/assets/app-1234.js`);
    expect(found.status).toBe(200);
    expect(found.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Any other unknown path is the app (client routing), never cached for long.
    const page = await get(`${web}/some/route`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("the app's pages forbid framing (CSP frame-ancestors 'none', X-Frame-Options DENY)", async () => {
    for (const p of ['/', '/dashboard', '/share/receive?url=https%3A%2F%2Fexample.com%2F', '/index.html']) {
      const page = await get(`${web}${p}`);
      expect(page.headers['content-security-policy'], p).toBe("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], p).toBe('DENY');
    }
  });
});

describe('share-in pages: the server decides whether a visit may save without a click', () => {
  const page = (headers: Record<string, string>) => get(`${web}/share/receive?url=${encodeURIComponent('https://example.com/x')}`, headers);
  const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };

  it('yes for the browser itself (share sheet, address bar) and for this site, at the top level', async () => {
    for (const site of ['none', 'same-origin']) {
      const res = await page({ ...navigation, 'sec-fetch-site': site });
      expect(res.status).toBe(200);
      expect(res.headers['server-timing'], site).toBe('share-save;desc="auto"');
      expect(res.headers.vary).toContain('Sec-Fetch-Site');
    }
    const capture = await get(`${web}/share/capture?link=${encodeURIComponent('web+linkvault:https://example.com/y')}`, {
      ...navigation,
      'sec-fetch-site': 'none',
    });
    expect(capture.headers['server-timing']).toBe('share-save;desc="auto"');
  });

  it('no for another site, a frame, a request that is not a navigation, or no Fetch Metadata at all', async () => {
    const cases: Array<Record<string, string>> = [
      { ...navigation, 'sec-fetch-site': 'cross-site' },
      { ...navigation, 'sec-fetch-site': 'same-site' },
      { ...navigation, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'iframe' },
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      {},
    ];
    for (const headers of cases) {
      const res = await page(headers);
      expect(res.status).toBe(200);
      expect(res.headers['server-timing'], JSON.stringify(headers)).toBeUndefined();
    }
  });
});

describe('a body over the limit gets its 413, even when the client reads only after sending', () => {
  it('the web server: POST /share/receive and /api/*', async () => {
    expect(await postAndReadAfter(`${web}/share/receive`, 4 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    expect(await postAndReadAfter(`${web}/share/receive`, 4 * 1024 * 1024, { chunked: true })).toMatch(/^HTTP\/1\.1 413/);
    expect(await postAndReadAfter(`${web}/api/echo`, 4 * 1024 * 1024, { chunked: true })).toMatch(/^HTTP\/1\.1 413/);
  });

  it('the stack: REST, auth, functions and storage, with and without a declared length', async () => {
    const { url, anonKey } = testStack();
    const user = await createConfirmedUser();
    const headers = { apikey: anonKey, Authorization: `Bearer ${user.accessToken}` };
    const targets = [
      `${url}/rest/v1/links`,
      `${url}/auth/v1/signup`,
      `${url}/functions/v1/api-echo`,
      `${url}/storage/v1/object/main-photos/${user.user.id}/big.png`,
    ];
    for (const target of targets) {
      expect(await postAndReadAfter(target, 8 * 1024 * 1024, { chunked: true, headers }), target).toMatch(/^HTTP\/1\.1 413/);
      expect(await postAndReadAfter(target, 8 * 1024 * 1024, { headers }), target).toMatch(/^HTTP\/1\.1 413/);
    }
  });
});
