import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { startStack, type RunningStack } from '../../supabase/local/server.ts';
import { clientFor, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';

/** A stack restarted on the same data dir keeps its data: accounts survive, and so do sessions. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-restart-'));
let running: RunningStack | undefined;

function start(): Promise<RunningStack> {
  const config = loadConfig(
    { ...process.env, STACK_LOG: 'silent' },
    { port: 0, dataDir, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent', siteUrl: 'http://127.0.0.1:3999' },
  );
  return startStack(config, { extraMigrationsDirs: [path.resolve(import.meta.dirname, '..', 'fixtures', 'migrations')] });
}

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('restart on the same data dir', () => {
  it('keeps users, passwords and refresh tokens', async () => {
    running = await start();
    const email = uniqueEmail('restart');
    const admin = clientFor(running.url, running.config.serviceRoleKey);
    const created = await admin.auth.admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Persistent' },
    });
    expect(created.error).toBeNull();
    const before = await clientFor(running.url, running.config.anonKey).auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(before.error).toBeNull();
    const refreshToken = before.data.session!.refresh_token;
    await running.stop();
    running = undefined;

    running = await start();
    const anon = clientFor(running.url, running.config.anonKey);
    const after = await anon.auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(after.error).toBeNull();
    expect(after.data.user?.id).toBe(created.data.user!.id);
    expect(after.data.user?.user_metadata).toMatchObject({ first_name: 'Persistent' });
    const refreshed = await clientFor(running.url, running.config.anonKey).auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.email).toBe(email);
  }, 180_000); // two stack starts (migrations on a fresh data dir) on a loaded CI machine
});
