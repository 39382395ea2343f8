import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { loadConfig } from '../../supabase/local/config.ts';
import { openDatabase } from '../../supabase/local/db/index.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { parseAdminArgs, runAdmin } from '../../scripts/admin.ts';
import { createUser, migrationsDir, repoRoot, seedFile } from './harness.ts';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';

describe('scripts/admin.ts', () => {
  it('parses grant/revoke/list and refuses anything else', () => {
    expect(parseAdminArgs(['grant', 'a@b.test'])).toEqual({ action: 'grant', email: 'a@b.test' });
    expect(parseAdminArgs(['revoke', 'a@b.test'])).toEqual({ action: 'revoke', email: 'a@b.test' });
    expect(parseAdminArgs(['list'])).toEqual({ action: 'list' });
    expect(parseAdminArgs([])).toEqual({ error: 'no command given' });
    expect(parseAdminArgs(['grant'])).toEqual({ error: 'unknown or incomplete command: grant' });
    expect(parseAdminArgs(['grant', 'not-an-email'])).toEqual({ error: '"not-an-email" is not an e-mail address' });
    expect(parseAdminArgs(['promote', 'a@b.test'])).toEqual({ error: 'unknown or incomplete command: promote a@b.test' });
  });

  it('prints the usage and exits 2 when run without a command', async () => {
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        ['scripts/admin.ts'],
        { cwd: repoRoot, env: { ...process.env, STACK_PORT: '1' } },
        (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
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
      expect(
        await runAdmin(['list'], loadConfig({ STACK_LOG: 'silent' }, { dataDir: empty, publicUrl: 'http://127.0.0.1:1' }), (l) =>
          lines.push(l),
        ),
      ).toBe(1);
      expect(lines[0]).toContain('start the stack once');
      expect(fs.existsSync(path.join(empty, 'pgdata'))).toBe(false);
      fs.rmSync(empty, { recursive: true, force: true });
    });
  });

  describe('with the stack running: its REST API and the service role key', () => {
    // The test run's real stack: the script must find it by /health and call the admin RPCs with
    // the service role key it derives from the same JWT secret.
    const config = () => loadConfig({ STACK_LOG: 'silent' }, { dataDir: '/nonexistent', publicUrl: testStack().url });

    it('grants, lists and revokes through /rest/v1/rpc with the service role key', async () => {
      const user = await createConfirmedUser();
      const lines: string[] = [];
      try {
        expect(await runAdmin(['grant', user.email.toUpperCase()], config(), (l) => lines.push(l))).toBe(0);
        expect(lines[0]).toContain('via the running local stack');
        const roles = await serviceClient().from('user_roles').select('role').eq('user_id', user.user.id);
        expect(roles.data).toEqual([{ role: 'admin' }]);
        expect(await runAdmin(['list'], config(), (l) => lines.push(l))).toBe(0);
        expect(lines.join('\n')).toContain(user.email);
      } finally {
        expect(await runAdmin(['revoke', user.email], config(), (l) => lines.push(l))).toBe(0);
      }
      const after = await serviceClient().from('user_roles').select('role').eq('user_id', user.user.id);
      expect(after.data).toEqual([]);
    });

    it('reports an unknown e-mail readably (exit 1)', async () => {
      const lines: string[] = [];
      expect(await runAdmin(['grant', 'nobody-here@example.test'], config(), (l) => lines.push(l))).toBe(1);
      expect(lines.at(-1)).toMatch(/^Error: .*No user with e-mail nobody-here@example\.test/);
    });
  });
});
