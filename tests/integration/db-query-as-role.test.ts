import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../supabase/local/db/index.ts';
import { bootstrap } from '../../supabase/local/db/migrate.ts';

// db.queryAsRole is how REST runs a request: on PGlite the role settings and the statement are
// pipelined into one exchange. It must behave exactly like asRole(): RLS applies, errors roll back,
// and it never joins another caller's open transaction.
describe('Database.queryAsRole on PGlite', () => {
  let db: Database;
  let dir: string;
  const alice = randomUUID();
  const bob = randomUUID();
  const claims = (sub: string) => ({ sub, role: 'authenticated' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'query-as-role-'));
    db = await openDatabase({ dataDir: dir });
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
    const r = await db.queryAsRole<{ body: string; who: string; uid: string }>('authenticated', claims(alice), 'select body, current_user::text as who, auth.uid()::text as uid from public.notes order by id');
    expect(r.rows).toEqual([{ body: 'alice note', who: 'authenticated', uid: alice }]);
    expect(r.fields.map((f) => f.name)).toEqual(['body', 'who', 'uid']);
    // Supabase grants anon the table too; with no policy for anon, RLS shows it nothing.
    const anon = await db.queryAsRole<{ n: number; who: string }>('anon', {}, 'select count(*)::int as n, current_user::text as who from public.notes');
    expect(anon.rows).toEqual([{ n: 0, who: 'anon' }]);
  });

  it('binds values as parameters and reports affected rows', async () => {
    const evil = "x'); drop table public.notes; --";
    const ins = await db.queryAsRole<{ id: number }>('authenticated', claims(alice), 'insert into public.notes (owner, body) values ($1, $2) returning id', [alice, evil]);
    expect(ins.rows).toHaveLength(1);
    const upd = await db.queryAsRole('authenticated', claims(bob), 'update public.notes set body = $1 where owner = $2', ['hijacked', alice]);
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
    const after = await db.query<{ who: string; claims: string | null }>("select current_user::text as who, nullif(current_setting('request.jwt.claims', true), '') as claims");
    expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
  });

  it('waits for another caller’s open transaction instead of joining it', async () => {
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((r) => (inserted = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
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
    await new Promise((r) => setTimeout(r, 50));
    expect(readDone).toBe(false);
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await read).rows[0].n).toBe(0);
  });
});
