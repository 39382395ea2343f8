import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { loadConfig } from '../../supabase/local/config.ts';
import { openDatabase } from '../../supabase/local/db/index.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { parseAdminArgs, runAdmin } from '../../scripts/admin.ts';
import { createUser, migrationsDir, repoRoot, seedFile } from './harness.ts';

describe('scripts/admin.ts', () => {
  it('parses grant/revoke/list and refuses anything else', () => {
    expect(parseAdminArgs(['grant', 'a@b.test'])).toEqual({ action: 'grant', email: 'a@b.test' });
    expect(parseAdminArgs(['revoke', 'a@b.test'])).toEqual({ action: 'revoke', email: 'a@b.test' });
    expect(parseAdminArgs(['list'])).toEqual({ action: 'list' });
    expect(parseAdminArgs([])).toHaveProperty('error');
    expect(parseAdminArgs(['grant'])).toHaveProperty('error');
    expect(parseAdminArgs(['grant', 'not-an-email'])).toHaveProperty('error');
    expect(parseAdminArgs(['promote', 'a@b.test'])).toHaveProperty('error');
  });

  it('prints the usage and exits 2 when run without a command', async () => {
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts'], { cwd: repoRoot, env: { ...process.env, STACK_PORT: '1' } }, (err, stdout) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Usage: npm run admin -- <command>');
  }, 30_000);

  describe('with the stack stopped: the PGlite data dir', () => {
    let dataDir: string;
    let email: string;
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-script-'));
      const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      await migrate(db, { migrationsDirs: [migrationsDir], seedFile });
      email = (await createUser(db)).email;
      await db.close();
    }, 60_000);
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    // Nothing listens on port 1, so the script takes the data-dir route.
    const config = () => loadConfig({ STACK_LOG: 'silent' }, { dataDir, publicUrl: 'http://127.0.0.1:1' });

    it('grants, lists and revokes by e-mail', async () => {
      const lines: string[] = [];
      expect(await runAdmin(['grant', email.toUpperCase()], config(), (l) => lines.push(l))).toBe(0);
      expect(await runAdmin(['list'], config(), (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toMatch(/is now an admin .* via the PGlite data dir/);
      expect(lines[1]).toContain(email);
      expect(await runAdmin(['revoke', email], config(), (l) => lines.push(l))).toBe(0);
      expect(lines[2]).toContain('is no longer an admin');
      expect(await runAdmin(['list'], config(), (l) => lines.push(l))).toBe(0);
      expect(lines[3]).toContain('No admins yet');
      const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      expect((await db.query('select * from public.user_roles')).rows).toEqual([]);
      await db.close();
    }, 60_000);

    it('reports an unknown e-mail as an error (exit 1)', async () => {
      const lines: string[] = [];
      expect(await runAdmin(['grant', 'nobody@example.test'], config(), (l) => lines.push(l))).toBe(1);
      expect(lines[0]).toContain('No user with e-mail nobody@example.test');
    }, 60_000);

    it('refuses to invent a database where there is none', async () => {
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-empty-'));
      const lines: string[] = [];
      expect(await runAdmin(['list'], loadConfig({ STACK_LOG: 'silent' }, { dataDir: empty, publicUrl: 'http://127.0.0.1:1' }), (l) => lines.push(l))).toBe(1);
      expect(lines[0]).toContain('start the stack once');
      expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
      fs.rmSync(empty, { recursive: true, force: true });
    });
  });

  describe('with the stack running: its REST API and the service role key', () => {
    let server: http.Server;
    let baseUrl: string;
    const calls: { path: string; auth: string | undefined; apikey: string | undefined; body: string }[] = [];
    beforeAll(async () => {
      // Stands in for the stack: answers /health and the PostgREST rpc calls the script makes.
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          calls.push({ path: req.url ?? '', auth: req.headers.authorization, apikey: req.headers.apikey as string | undefined, body });
          res.setHeader('content-type', 'application/json');
          if (req.url === '/health') return res.end(JSON.stringify({ status: 'ok' }));
          if (req.url === '/rest/v1/rpc/admin_grant') return res.end(JSON.stringify('11111111-1111-4111-8111-111111111111'));
          if (req.url === '/rest/v1/rpc/admin_revoke') {
            res.statusCode = 404;
            return res.end(JSON.stringify({ code: 'P0002', message: 'No user with e-mail x@y.test' }));
          }
          res.statusCode = 404;
          res.end('{}');
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('calls /rest/v1/rpc/admin_grant with the service role key and reports errors readably', async () => {
      const config = loadConfig({ STACK_LOG: 'silent' }, { dataDir: '/nonexistent', publicUrl: baseUrl });
      const lines: string[] = [];
      expect(await runAdmin(['grant', 'x@y.test'], config, (l) => lines.push(l))).toBe(0);
      const grant = calls.find((c) => c.path === '/rest/v1/rpc/admin_grant')!;
      expect(grant.auth).toBe(`Bearer ${config.serviceRoleKey}`);
      expect(grant.apikey).toBe(config.serviceRoleKey);
      expect(JSON.parse(grant.body)).toEqual({ user_email: 'x@y.test' });
      expect(lines[0]).toContain('via the running local stack');
      expect(await runAdmin(['revoke', 'x@y.test'], config, (l) => lines.push(l))).toBe(1);
      expect(lines[1]).toBe('Error: admin_revoke failed (HTTP 404): No user with e-mail x@y.test');
    });
  });
});
