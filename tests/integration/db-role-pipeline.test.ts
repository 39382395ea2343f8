// REST requests reach PGlite through the stack's own wire-protocol code
// (pg-wire.mjs) and cross between the threads as flat arrays, statement texts by number
// (role-messages.mjs). These exercise what that bookkeeping must get right: a new prepared
// statement first seen twice in one batch, one that fails to parse, the statement caches rolling
// over, and typed values, on the worker and in the calling thread alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type PgliteThread } from '../../supabase/local/db/index.ts';
import { bootstrap } from '../../supabase/local/db/migrate.ts';

describe.each<PgliteThread>(['worker', 'main'])('REST requests to PGlite, own wire protocol (%s thread)', (thread) => {
  let db: Database;
  let dir: string;
  const alice = randomUUID();
  const claims = { sub: alice, role: 'authenticated' };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'role-pipeline-'));
    db = await openDatabase({ dataDir: dir, pgliteThread: thread });
    await bootstrap(db);
    await db.exec(`
      create table public.pipe (id serial primary key, owner uuid not null, n int not null);
      alter table public.pipe enable row level security;
      create policy pipe_owner on public.pipe for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
      grant all on public.pipe to authenticated;
      grant usage on sequence public.pipe_id_seq to authenticated;
    `);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers each request of a batch on its own: a new statement twice, a parse error, then the same again', async () => {
    const sql = `select $1::int * 2 as doubled, auth.uid()::text as uid /* ${randomUUID()} */`;
    const bad = `selec broken /* ${randomUUID()} */`;
    for (let round = 0; round < 2; round++) {
      const settled = await Promise.allSettled([
        db.queryAsRole<{ doubled: number; uid: string }>('authenticated', claims, sql, [1], { prepare: true }),
        db.queryAsRole('authenticated', claims, bad, [], { prepare: true }),
        db.queryAsRole<{ doubled: number; uid: string }>('authenticated', claims, sql, [2], { prepare: true }),
        db.queryAsRole<{ doubled: number; uid: string }>('anon', {}, sql, [3], { prepare: true }),
      ]);
      expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { rows: [{ doubled: 2, uid: alice }], rowCount: 1 } });
      expect(settled[1]).toMatchObject({ status: 'rejected', reason: { code: '42601' } });
      expect(settled[2]).toMatchObject({ status: 'fulfilled', value: { rows: [{ doubled: 4, uid: alice }] } });
      expect(settled[3]).toMatchObject({ status: 'fulfilled', value: { rows: [{ doubled: 6, uid: null }] } });
    }
  });

  it('keeps answering right past the caches of prepared statements (200) and statement numbers (500)', async () => {
    // 620 distinct statement texts, each asked twice (the second time by number / prepared), in parallel groups.
    for (let start = 0; start < 620; start += 20) {
      const group = Array.from({ length: 20 }, (_, k) => start + k);
      const answers = await Promise.all(
        group.flatMap((i) =>
          [0, 1].map((again) =>
            db
              .queryAsRole<{ v: number; w: number }>('authenticated', claims, `select $1::int + ${i} as v, ${again} as w`, [1000], {
                prepare: true,
              })
              .then((r) => [i, r.rows[0]] as const),
          ),
        ),
      );
      for (const [i, row] of answers) expect(row.v).toBe(1000 + i);
    }
    // The first statements again, long evicted on both sides.
    const again = await Promise.all(
      [0, 1, 2].map((i) =>
        db.queryAsRole<{ v: number }>('authenticated', claims, `select $1::int + ${i} as v, 0 as w`, [5], { prepare: true }),
      ),
    );
    expect(again.map((r) => r.rows[0].v)).toEqual([5, 6, 7]);
  });

  it('inlines the row guard into the statement; it still counts every row and stops past the cap', async () => {
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      'explain verbose select 1 from generate_series(1, 3) g where pgrst_local.row_guard()',
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('set_config');
    expect(text).not.toContain('row_guard()');
    const run = (n: number) =>
      db.transaction(async (tx) => {
        await tx.query("select set_config('pgrst_local.row_cap', '3', true), set_config('pgrst_local.rows', '0', true)");
        const r = await tx.query<{ c: number }>(`select count(*)::int as c from generate_series(1, ${n}) g where pgrst_local.row_guard()`);
        const counted = await tx.query<{ rows: string }>("select current_setting('pgrst_local.rows') as rows");
        return [r.rows[0].c, counted.rows[0].rows];
      });
    expect(await run(3)).toEqual([3, '3']);
    const err = await run(4).catch((e: { code?: string; hint?: string }) => e);
    expect(err).toMatchObject({ code: 'PT413', hint: 'Ask for fewer rows (limit) or fewer embedded resources.' });
  });

  it('returns typed values, affected rows and row-level security through a prepared statement', async () => {
    const ins = `insert into public.pipe (owner, n) select $1, g from generate_series(1, 3) g`;
    const first = await db.queryAsRole('authenticated', claims, ins, [alice], { prepare: true });
    expect(first).toMatchObject({ rowCount: 3, rows: [] });
    const refused = await db
      .queryAsRole('authenticated', claims, ins, [randomUUID()], { prepare: true })
      .catch((e: { code?: string }) => e.code);
    expect(refused).toBe('42501');
    const typed = `select n, n % 2 = 0 as even, jsonb_build_object('n', n) as j, timestamptz '2026-01-02T03:04:05Z' as t, array[n, n] as a, null::text as nothing from public.pipe order by n`;
    for (let i = 0; i < 2; i++) {
      // The second time the statement is prepared and its description cached.
      const r = await db.queryAsRole<{ n: number; even: boolean; j: unknown; t: Date; a: number[]; nothing: null }>(
        'authenticated',
        claims,
        typed,
        [],
        { prepare: true },
      );
      expect(r.rows.map(({ t, ...rest }) => ({ ...rest, t: t.toISOString() }))).toEqual(
        [1, 2, 3].map((n) => ({ n, even: n % 2 === 0, j: { n }, a: [n, n], nothing: null, t: '2026-01-02T03:04:05.000Z' })),
      );
      expect(r.fields.map((f) => f.name)).toEqual(['n', 'even', 'j', 't', 'a', 'nothing']);
      expect(r.rowCount).toBe(3);
    }
    // Supabase's default privileges grant anon the table; with no policy for anon, RLS shows it nothing.
    const anon = await db.queryAsRole<{ c: number }>('anon', {}, 'select count(*)::int as c from public.pipe', [], { prepare: true });
    expect(anon.rows).toEqual([{ c: 0 }]);
  });
});
