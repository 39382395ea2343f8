import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError, openDatabase, type Database, type PgliteThread, type Queryable } from '../../supabase/local/db/index.ts';
import { bootstrap } from '../../supabase/local/db/migrate.ts';

// db.queryAsRole is how REST runs a request: on PGlite the role settings and the statement are
// pipelined into one exchange. It must behave exactly like asRole(): RLS applies, errors roll back,
// and it never joins another caller's open transaction. PGlite runs in a worker thread by default
// (the database on its own core, so the stack's thread keeps serving HTTP) or in the caller's
// thread: both must behave the same.
describe.each<PgliteThread>(['worker', 'main'])('Database.queryAsRole on PGlite (%s thread)', (thread) => {
  let db: Database;
  let dir: string;
  const alice = randomUUID();
  const bob = randomUUID();
  const claims = (sub: string) => ({ sub, role: 'authenticated' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-as-role-'));
    db = await openDatabase({ dataDir: dir, pgliteThread: thread });
    await bootstrap(db);
    await db.exec(`
      create table public.notes (id serial primary key, owner uuid not null, body text not null check (body <> ''));
      alter table public.notes enable row level security;
      create policy notes_owner on public.notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
      grant all on public.notes to authenticated;
      grant usage on sequence public.notes_id_seq to authenticated;
    `);
    await db.query('insert into public.notes (owner, body) values ($1, $2), ($3, $4)', [alice, 'alice note', bob, 'bob note']);
  });
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs as the role with the JWT claims, so RLS decides', async () => {
    const r = await db.queryAsRole<{ body: string; who: string; uid: string }>(
      'authenticated',
      claims(alice),
      'select body, current_user::text as who, auth.uid()::text as uid from public.notes order by id',
    );
    expect(r.rows).toEqual([{ body: 'alice note', who: 'authenticated', uid: alice }]);
    expect(r.fields.map((f) => f.name)).toEqual(['body', 'who', 'uid']);
    // Supabase grants anon the table too; with no policy for anon, RLS shows it nothing.
    const anon = await db.queryAsRole<{ n: number; who: string }>(
      'anon',
      {},
      'select count(*)::int as n, current_user::text as who from public.notes',
    );
    expect(anon.rows).toEqual([{ n: 0, who: 'anon' }]);
  });

  it('binds values as parameters and reports affected rows', async () => {
    const evil = "x'); drop table public.notes; --";
    const ins = await db.queryAsRole<{ id: number }>(
      'authenticated',
      claims(alice),
      'insert into public.notes (owner, body) values ($1, $2) returning id',
      [alice, evil],
    );
    expect(ins.rows).toHaveLength(1);
    const upd = await db.queryAsRole('authenticated', claims(bob), 'update public.notes set body = $1 where owner = $2', [
      'hijacked',
      alice,
    ]);
    expect(upd.rowCount).toBe(0);
    const stored = await db.query<{ body: string }>('select body from public.notes where id = $1', [ins.rows[0].id]);
    expect(stored.rows[0].body).toBe(evil);
  });

  it('rolls back a failed statement and leaves the connection usable, settings not leaking', async () => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from public.notes')).rows[0].n;
    const err = await db
      .queryAsRole('authenticated', claims(alice), "insert into public.notes (owner, body) values ($1, 'ok'), ($1, '')", [alice])
      .catch((e: { code?: string }) => e.code);
    expect(err).toBe('23514');
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.notes')).rows[0].n).toBe(before);
    const after = await db.query<{ who: string; claims: string | null }>(
      "select current_user::text as who, nullif(current_setting('request.jwt.claims', true), '') as claims",
    );
    expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
  });

  it('waits for another caller’s open transaction instead of joining it', async () => {
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((r) => (inserted = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inTx!: Queryable;
    const tx = db.transaction(async (t) => {
      inTx = t;
      await t.query("insert into public.notes (owner, body) values ($1, 'in tx')", [alice]);
      inserted();
      await gate;
      throw new Error('roll back');
    });
    await insertedSignal;
    // The other transaction is open and holds an uncommitted row: the read must not run inside it.
    let readDone = false;
    const read = db
      .queryAsRole<{ n: number }>('authenticated', claims(alice), "select count(*)::int as n from public.notes where body = 'in tx'")
      .finally(() => (readDone = true));
    // A statement of the open transaction, sent after the read: the database answers it first only
    // when the read waits for the transaction (a read let in would be answered before it).
    await inTx.query('select 1');
    expect(readDone).toBe(false);
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await read).rows[0].n).toBe(0);
  });

  it('reports Postgres errors with their fields, and transactions commit or roll back as a whole', async () => {
    const err = await db.query('insert into public.notes (owner, body) values ($1, $2)', [alice, '']).catch((e: unknown) => e);
    expect(isPgError(err)).toBe(true);
    expect(err).toMatchObject({ code: '23514', constraint: 'notes_body_check', table: 'notes' });
    expect((err as Error).message).toMatch(/check constraint/);

    const committed = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>("insert into public.notes (owner, body) values ($1, 'committed') returning id", [alice]);
      await tx.exec("update public.notes set body = 'committed twice' where body = 'committed'");
      return r.rows[0].id;
    });
    expect((await db.query<{ body: string }>('select body from public.notes where id = $1', [committed])).rows[0].body).toBe(
      'committed twice',
    );

    let leaked: { query: (sql: string) => Promise<unknown> } | undefined;
    const failed = await db
      .transaction(async (tx) => {
        leaked = tx;
        await tx.query("insert into public.notes (owner, body) values ($1, 'rolled back')", [alice]);
        throw new Error('nope');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('nope');
    expect((await db.query<{ n: number }>("select count(*)::int as n from public.notes where body = 'rolled back'")).rows[0].n).toBe(0);
    // A transaction's handle is dead once it ended, as with PGlite's own.
    await expect(leaked!.query('select 1')).rejects.toThrow(/closed/i);

    // A statement error inside a transaction fails that statement; the caller decides (here: it throws, so all rolls back).
    const inner = await db
      .transaction(async (tx) => {
        await tx.query("insert into public.notes (owner, body) values ($1, 'before error')", [alice]);
        await tx.query('select 1/0');
      })
      .catch((e: { code?: string }) => e.code);
    expect(inner).toBe('22012');
    expect((await db.query<{ n: number }>("select count(*)::int as n from public.notes where body = 'before error'")).rows[0].n).toBe(0);
  });

  it('returns typed values (numbers, booleans, json, timestamps, arrays, bytea)', async () => {
    const r = await db.query<{ n: number; b: boolean; j: unknown; t: Date; a: number[]; x: Uint8Array }>(
      "select 42::int as n, true as b, '{\"k\":[1,2]}'::jsonb as j, '2026-01-02T03:04:05Z'::timestamptz as t, array[1,2]::int[] as a, '\\x0102'::bytea as x",
    );
    expect(r.rows[0]).toMatchObject({ n: 42, b: true, j: { k: [1, 2] }, a: [1, 2] });
    expect(r.rows[0].t).toBeInstanceOf(Date);
    expect(r.rows[0].t.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect([...r.rows[0].x]).toEqual([1, 2]);
    expect(r.fields.map((f) => f.name)).toEqual(['n', 'b', 'j', 't', 'a', 'x']);
  });

  it('keeps concurrent requests apart: each its own role, claims and transaction, an error failing only its own', async () => {
    // In the worker, requests that arrive together run in one exchange with the database (one Sync each).
    const calls = Array.from({ length: 12 }, (_, i) => {
      const who = i % 2 === 0 ? alice : bob;
      if (i === 5)
        return db.queryAsRole('authenticated', claims(who), "insert into public.notes (owner, body) values ($1, '')", [who], {
          prepare: true,
        });
      if (i === 7) return db.queryAsRole('authenticated', claims(who), 'select 1/0', [], { prepare: true });
      if (i % 3 === 0)
        return db.queryAsRole<{ id: number }>(
          'authenticated',
          claims(who),
          'insert into public.notes (owner, body) values ($1, $2) returning id',
          [who, `batch ${i}`],
          { prepare: true },
        );
      return db.queryAsRole<{ uid: string; n: number }>(
        'authenticated',
        claims(who),
        'select auth.uid()::text as uid, count(*)::int as n from public.notes where owner <> auth.uid()',
        [],
        { prepare: true },
      );
    });
    const settled = await Promise.allSettled(calls);
    settled.forEach((r, i) => {
      const who = i % 2 === 0 ? alice : bob;
      if (i === 5) expect(r).toMatchObject({ status: 'rejected', reason: { code: '23514' } });
      else if (i === 7) expect(r).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else if (i % 3 === 0) expect(r).toMatchObject({ status: 'fulfilled', value: { rowCount: 1 } });
      // RLS with this call's own claims: the caller's uid, and nobody else's notes.
      else expect(r).toMatchObject({ status: 'fulfilled', value: { rows: [{ uid: who, n: 0 }] } });
    });
    const stored = await db.query<{ body: string; owner: string }>(
      "select body, owner from public.notes where body like 'batch %' order by body",
    );
    expect(stored.rows).toEqual([
      { body: 'batch 0', owner: alice },
      { body: 'batch 3', owner: bob },
      { body: 'batch 6', owner: alice },
      { body: 'batch 9', owner: bob },
    ]);
    expect((await db.query<{ n: number }>("select count(*)::int as n from public.notes where body = ''")).rows[0].n).toBe(0);
  });
});
