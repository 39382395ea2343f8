// The local stack's stand-in for autovacuum's ANALYZE (supabase/local/db/auto-analyze.ts): PGlite
// runs no autovacuum, so a table filled after start kept the plans of an empty table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAutoAnalyze } from '../../supabase/local/db/auto-analyze.ts';
import { openDatabase, type Database } from '../../supabase/local/db/index.ts';

describe('auto-analyze (PGlite has no autovacuum)', () => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auto-analyze-'));
    db = await openDatabase({ dataDir: dir });
    await db.exec(`
      create table public.items (id serial primary key, owner int not null, created_at timestamptz not null);
      create index items_owner_created_idx on public.items (owner, created_at desc);
      create table public.quiet (id int primary key);
    `);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const planOf = async (sql: string) =>
    (await db.query<{ 'QUERY PLAN': string }>(`explain ${sql}`)).rows.map((r) => r['QUERY PLAN']).join('\n');

  it('analyzes a table once 50 rows + 10 % of it changed, and only then', async () => {
    const auto = startAutoAnalyze(db, 60_000); // the timer stays out of the way: runOnce is called here
    try {
      await db.exec('insert into public.quiet values (1), (2), (3)'); // 3 changes: below the threshold
      await db.exec(
        `insert into public.items (owner, created_at) select i % 20, now() - i * interval '1 second' from generate_series(1, 5000) i`,
      );
      // The planner's row estimate for one owner (250 rows of 5,000): without statistics it is
      // a guess from the table's size and default selectivities, far from the truth.
      const estimate = async () =>
        Number(/rows=(\d+)/.exec(await planOf('select id from public.items where owner = 3 and created_at < now()'))![1]);
      expect(Math.abs((await estimate()) - 250)).toBeGreaterThan(100);

      // Writes reach the statistics counters within a second or so (as on any Postgres).
      await expect.poll(() => auto.runOnce(), { timeout: 10_000, interval: 200 }).toEqual(['public.items']);
      const itemStats = async () =>
        (
          await db.query<{ n: number; analyzed: boolean }>(
            "select n_mod_since_analyze::int as n, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'items'",
          )
        ).rows;
      expect(await itemStats()).toEqual([{ n: 0, analyzed: true }]);
      expect(Math.abs((await estimate()) - 250)).toBeLessThan(50);
      // Nothing changed since: nothing to do.
      expect(await auto.runOnce()).toEqual([]);
      // 400 more rows are under 50 + 10 % of the table (5,400); 800 are over (50 + 10 % of 5,800).
      await db.exec(`insert into public.items (owner, created_at) select 1, now() from generate_series(1, 400)`);
      // Once the counters have the 400 rows, they are still not enough.
      await expect.poll(itemStats, { timeout: 10_000, interval: 200 }).toEqual([{ n: 400, analyzed: true }]);
      expect(await auto.runOnce()).toEqual([]);
      await db.exec(`insert into public.items (owner, created_at) select 1, now() from generate_series(1, 400)`);
      await expect.poll(() => auto.runOnce(), { timeout: 10_000, interval: 200 }).toEqual(['public.items']);
    } finally {
      await auto.stop();
    }
  });

  it('runs on its own timer', async () => {
    await db.exec(`insert into public.quiet select i from generate_series(10, 200) i`);
    const auto = startAutoAnalyze(db, 50);
    try {
      await expect
        .poll(
          async () =>
            (
              await db.query<{ analyzed: boolean }>(
                "select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'quiet'",
              )
            ).rows[0].analyzed,
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await auto.stop();
    }
  });
});
