import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db/index.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';
import { migrationsDir, seedFile } from './harness.ts';
import { pg15Unavailable, startPg15, type Pg15Cluster } from './pg15-cluster.ts';
import { runRlsMatrix } from './rls-matrix.ts';
import { runRpcIsolation } from './rpc-isolation.ts';
import { checkCatalogue } from './catalogue.ts';

// Hosted Supabase runs PostgreSQL 15/17, the local stack PGlite (newer): the same bootstrap,
// migrations and seed must apply to a plain PostgreSQL 15 server, and the same matrix must hold.
const unavailable = pg15Unavailable();
if (unavailable) console.log(`SKIPPED PostgreSQL 15 portability test: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('migrations on PostgreSQL 15', () => {
  let cluster: Pg15Cluster;
  let db: Database;
  beforeAll(async () => {
    cluster = await startPg15();
    db = await openDatabase({ dataDir: '', databaseUrl: cluster.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    cluster?.stop();
  });

  it('applies bootstrap.sql, every migration and seed.sql (and is a no-op the second time)', async () => {
    const applied = await migrate(db, { migrationsDirs: [migrationsDir], seedFile });
    expect(applied.length).toBeGreaterThanOrEqual(5);
    const server = (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0].v;
    console.log(`${cluster.version}: applied ${applied.length} migrations (${applied.join(', ')})`);
    expect(server).toMatch(/^15\./);
    expect(await migrate(db, { migrationsDirs: [migrationsDir], seedFile })).toEqual([]);
    expect(
      (await db.query<{ n: number }>('select count(*)::int as n from public.categories where is_template')).rows[0].n,
    ).toBeGreaterThanOrEqual(6);
  }, 120_000);

  it('catalogue checks hold', async () => {
    const report = await checkCatalogue(db);
    console.log(`[PostgreSQL 15] ${report.summary}`);
    expect(report.problems).toEqual([]);
  });

  it('the RLS matrix holds', async () => {
    const report = await runRlsMatrix(db);
    console.log(`[PostgreSQL 15]\n${report.table}\n${report.summary}`);
    for (const f of report.failures) console.log(`FAILED ${f.area} ${f.op} as ${f.actor} (expected ${f.expected}): ${f.detail}`);
    expect(report.leaks).toEqual([]);
    expect(report.failures).toEqual([]);
  }, 120_000);

  it('RPC isolation holds', async () => {
    const report = await runRpcIsolation(db);
    console.log(`[PostgreSQL 15] ${report.summary}`);
    for (const f of report.failures) console.log(`FAILED ${f.name}: ${f.detail}`);
    expect(report.failures).toEqual([]);
  }, 120_000);
});
