// No request can hold the database: on a real PostgreSQL 15 (DATABASE_URL) the per-role statement
// timeout of hosted Supabase (anon 3 s, authenticated 8 s) is set with the role and PostgreSQL
// cancels the statement. PGlite cannot cancel a running statement (see rest-limits.test.ts for
// what holds there).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';
import { isPgError } from '../../supabase/local/db/index.ts';
import { startStack, type RunningStack } from '../../supabase/local/server.ts';
import { pg15Unavailable, startPg15, type Pg15Cluster } from '../db/pg15-cluster.ts';

const unavailable = pg15Unavailable();
if (unavailable) console.log(`SKIPPED statement timeout on PostgreSQL 15: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('statement timeout per role on PostgreSQL 15', () => {
  let cluster: Pg15Cluster;
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    cluster = await startPg15();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-pg15-timeout-'));
    const config = loadConfig(
      { ...process.env, STACK_LOG: 'silent', DATABASE_URL: cluster.databaseUrl },
      { port: 0, dataDir, mailSmtpPort: 0, mailWebPort: 0, logLevel: 'silent' },
    );
    stack = await startStack(config);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    cluster?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('each request role runs with its timeout; a statement past it is cancelled (57014)', async () => {
    const setting = async (role: 'anon' | 'authenticated' | 'service_role') =>
      (await stack.db.queryAsRole<{ t: string }>(role, { role }, "select current_setting('statement_timeout') as t")).rows[0].t;
    expect(await setting('anon')).toBe('3s');
    expect(await setting('authenticated')).toBe('8s');
    expect(await setting('service_role')).toBe('0');
    // 6 s of sleep finishes without an error unless a timeout cancels it; the message names the
    // statement timeout (the role's 3 s), not another kind of cancel.
    const slow = await stack.db.queryAsRole('anon', { role: 'anon' }, 'select pg_sleep(6)').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isPgError(slow) && { code: slow.code, message: slow.message }).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
  }, 60_000);
});
