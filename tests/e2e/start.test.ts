import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` end to end: the stack, the web app built and served for it, the extension built for
// it, the URLs and keys printed, and Ctrl-C stopping everything.
const root = path.resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms; output:\n${out}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before "${text}"; output:\n${out}`));
    });
  });
}

describe('npm start', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('prints the URLs and keys, serves the web app for the stack, builds the extension, and stops on Ctrl-C', async () => {
    const [stackPort, webPort, smtpPort, mailPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        TEST_STACK: '',
        STACK_PORT: String(stackPort),
        WEB_PORT: String(webPort),
        MAIL_SMTP_PORT: String(smtpPort),
        MAIL_WEB_PORT: String(mailPort),
        STACK_DATA_DIR: path.join(tmp, 'data'),
        WEB_OUT_DIR: path.join(tmp, 'web'),
        WXT_OUT_DIR: path.join(tmp, 'ext'),
        STACK_LOG: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = await waitForOutput(child, 'Press Ctrl-C to stop.', 240_000);

    const webUrl = `http://127.0.0.1:${webPort}`;
    const apiUrl = `http://127.0.0.1:${stackPort}`;
    expect(out).toContain(`Web app:          ${webUrl}`);
    expect(out).toContain(`API URL:          ${apiUrl}`);
    expect(out).toContain(`Mail catcher:     http://127.0.0.1:${mailPort}`);
    const anonKey = /anon key:\s+(\S+)/.exec(out)?.[1] ?? '';
    expect(anonKey.split('.')).toHaveLength(3);
    expect(out).toMatch(/service_role key:\s+\S+\.\S+\.\S+/);

    // The web app is served (any route falls back to the SPA) and built for this stack.
    const page = await fetch(`${webUrl}/auth`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const bundles = await Promise.all(
      fs
        .readdirSync(path.join(tmp, 'web', 'assets'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => fs.promises.readFile(path.join(tmp, 'web', 'assets', f), 'utf8')),
    );
    expect(bundles.some((js) => js.includes(apiUrl))).toBe(true);

    // The stack answers with the printed key; the mail catcher is up.
    const health = await fetch(`${apiUrl}/auth/v1/health`, { headers: { apikey: anonKey } });
    expect(health.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${mailPort}/api/messages`)).status).toBe(200);

    // Its web server forwards /api/* to the functions and answers POST /share/receive (links shared
    // from other apps).
    const apiHealth = await fetch(`${webUrl}/api/health`, { method: 'POST' });
    expect(apiHealth.status).toBe(200);
    expect(await apiHealth.json()).toMatchObject({ status: 'ok', function: 'api-health' });
    const posted = await fetch(`${webUrl}/share/receive`, {
      method: 'POST',
      body: new URLSearchParams({ url: 'https://example.com/x' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/share/receive?url=https%3A%2F%2Fexample.com%2Fx');

    // Both extension builds exist and may reach only this API host.
    for (const target of ['chrome-mv3', 'firefox-mv3']) {
      const manifest = JSON.parse(fs.readFileSync(path.join(tmp, 'ext', target, 'manifest.json'), 'utf8')) as {
        host_permissions?: unknown;
      };
      expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*']);
      // Release builds carry no test hooks.
      expect(fs.readFileSync(path.join(tmp, 'ext', target, 'background.js'), 'utf8')).not.toContain('linkvaultTestHooks');
    }

    // Ctrl-C stops everything: the process exits 0 and the ports are free again.
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Refused connections: nothing listens on the ports any more.
    const refused = { name: 'TypeError', cause: expect.objectContaining({ code: 'ECONNREFUSED' }) as unknown };
    await expect(fetch(`${apiUrl}/auth/v1/health`)).rejects.toMatchObject(refused);
    await expect(fetch(webUrl)).rejects.toMatchObject(refused);
  }, 300_000);
});
