import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { openMigratedPglite } from './harness.ts';
import { runRlsMatrix } from './rls-matrix.ts';
import { runRpcIsolation } from './rpc-isolation.ts';
import { checkCatalogue } from './catalogue.ts';

// The security matrix on the embedded database (PGlite, what the local stack runs).
// tests/db/postgres15.test.ts runs the same functions on a PostgreSQL 15 server.
describe('row-level security on PGlite', () => {
  let db: Database;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
  });
  afterAll(async () => close?.());

  it('catalogue: RLS on every table, pinned search_path on every security definer function, intended execute rights', async () => {
    const report = await checkCatalogue(db);
    console.log(report.summary);
    expect(report.problems).toEqual([]);
    expect(report.tables).toBeGreaterThanOrEqual(17);
  });

  it("matrix: B and anon cannot touch A's rows; the owner can where the spec says so", async () => {
    const report = await runRlsMatrix(db);
    console.log(`${report.table}\n${report.summary}`);
    for (const f of report.failures) console.log(`FAILED ${f.area} ${f.op} as ${f.actor} (expected ${f.expected}): ${f.detail}`);
    expect(report.leaks).toEqual([]);
    expect(report.failures).toEqual([]);
    // Both outcomes occur: the matrix is not a blanket deny or a blanket allow.
    expect(report.checks.filter((c) => c.expected === 'allow').length).toBeGreaterThan(40);
    expect(report.checks.filter((c) => c.expected === 'deny').length).toBeGreaterThan(128);
  }, 120_000);

  it("RPCs called with another user's ids return and change nothing", async () => {
    const report = await runRpcIsolation(db);
    console.log(report.summary);
    for (const f of report.failures) console.log(`FAILED ${f.name}: ${f.detail}`);
    expect(report.failures).toEqual([]);
  }, 120_000);

  // Runs last: it breaks the schema on purpose to prove the matrix notices.
  it('the matrix reports a leak when a policy is too permissive', async () => {
    await db.exec(`create policy links_leak_for_test on public.links for select to authenticated using (true)`);
    await db.exec(`create policy categories_leak_for_test on public.categories for insert to authenticated with check (true)`);
    const report = await runRlsMatrix(db);
    const leaked = report.leaks.map((l) => `${l.area} ${l.op} ${l.actor}`);
    expect(leaked).toContain('public.links select B');
    expect(leaked).toContain('public.categories insert B');
    expect(report.summary).toMatch(/[1-9]\d* leaks/);
  }, 120_000);
});
