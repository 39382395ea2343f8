import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { anon, as, attempt, createUser, openMigratedPglite, systemCategory, truth, type TestUser } from './harness.ts';

// The import RPCs under RLS: an import can only ever write the importer's rows.
describe('import_folders / import_links', () => {
  let db: Database;
  let close: () => Promise<void>;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
    a = await createUser(db, { firstName: 'Alice' });
    b = await createUser(db, { firstName: 'Bob' });
  });
  afterAll(async () => close?.());

  const count = async (sql: string, params: unknown[]) => Number((await truth<{ n: string }>(db, sql, params))[0].n);
  const fingerprint = async (user: TestUser) =>
    JSON.stringify(
      await truth(
        db,
        `select (select jsonb_agg(to_jsonb(c) order by c.id) from public.categories c where c.user_id = $1) as c,
                              (select jsonb_agg(to_jsonb(l) order by l.id) from public.links l where l.user_id = $1) as l`,
        [user.id],
      ),
    );

  it('creates folders once (find-or-create per parent, case-insensitive) and links with the category rule', async () => {
    const saved = await systemCategory(db, a, 'saved');
    const top = await attempt<{ r: { ids: string[]; created: number } }>(db, as(a), `select public.import_folders($1::jsonb) as r`, [
      JSON.stringify([
        { name: 'Work', parent_id: null },
        { name: 'work', parent_id: null },
        { name: 'Recently Saved Links', parent_id: null },
      ]),
    ]);
    expect(top.error).toBeUndefined();
    const { ids, created } = top.rows[0].r;
    expect(created).toBe(1);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).toBe(saved);
    const sub = await attempt<{ r: { ids: string[]; created: number } }>(db, as(a), `select public.import_folders($1::jsonb) as r`, [
      JSON.stringify([{ name: 'Docs', parent_id: ids[0] }]),
    ]);
    expect(sub.rows[0].r.created).toBe(1);
    const docs = sub.rows[0].r.ids[0];
    expect(
      await count(`select count(*) as n from public.categories where id = $1 and parent_category_id = $2 and user_id = $3`, [
        docs,
        ids[0],
        a.id,
      ]),
    ).toBe(1);

    const batch = [
      { title: 'One', url: 'https://one.example/', folder_id: docs, created_at: '2020-01-02T03:04:05Z', description: 'first' },
      { title: 'Two', url: 'https://two.example/', folder_id: saved },
      { title: 'Two again', url: 'https://two.example/', folder_id: null },
      { title: 'Bad', url: 'javascript:alert(1)', folder_id: null },
      { title: '', url: 'https://three.example/x', folder_id: null },
    ];
    const r = await attempt<{ r: { inserted: number; skipped: number } }>(db, as(a), `select public.import_links($1::jsonb) as r`, [
      JSON.stringify(batch),
    ]);
    expect(r.error).toBeUndefined();
    expect(r.rows[0].r).toEqual({ inserted: 3, skipped: 2, over_quota: 0 });
    const rows = await truth<{
      title: string;
      url: string;
      category_id: string;
      second_category_id: string | null;
      created_at: Date;
      description: string | null;
    }>(
      db,
      `select title, url, category_id, second_category_id, created_at, description from public.links where user_id = $1 order by url`,
      [a.id],
    );
    expect(rows.map((x) => [x.title, x.url, x.category_id === saved, x.second_category_id])).toEqual([
      ['One', 'https://one.example/', true, docs],
      ['https://three.example/x', 'https://three.example/x', true, null],
      ['Two', 'https://two.example/', true, null],
    ]);
    expect(new Date(rows[0].created_at).toISOString()).toBe('2020-01-02T03:04:05.000Z');
    expect(rows[0].description).toBe('first');

    // Re-running the same batches adds nothing.
    const again = await attempt<{ r: { inserted: number; skipped: number } }>(db, as(a), `select public.import_links($1::jsonb) as r`, [
      JSON.stringify(batch),
    ]);
    expect(again.rows[0].r).toEqual({ inserted: 0, skipped: 5, over_quota: 0 });
    const foldersAgain = await attempt<{ r: { created: number } }>(db, as(a), `select public.import_folders($1::jsonb) as r`, [
      JSON.stringify([{ name: 'WORK', parent_id: null }]),
    ]);
    expect(foldersAgain.rows[0].r.created).toBe(0);
  });

  it("B cannot import into A's folders, and anon cannot import at all; nothing of A changes", async () => {
    const aSaved = await systemCategory(db, a, 'saved');
    const before = await fingerprint(a);
    const bLinksBefore = await count(`select count(*) as n from public.links where user_id = $1`, [b.id]);
    const bFoldersBefore = await count(`select count(*) as n from public.categories where user_id = $1`, [b.id]);

    const intoA = await attempt(db, as(b), `select public.import_links($1::jsonb)`, [
      JSON.stringify([{ title: 'x', url: `https://evil.example/${randomUUID()}`, folder_id: aSaved }]),
    ]);
    expect(intoA.error?.code).toBe('PT404');
    const underA = await attempt(db, as(b), `select public.import_folders($1::jsonb)`, [
      JSON.stringify([{ name: 'Planted', parent_id: aSaved }]),
    ]);
    expect(underA.error?.code).toBe('PT404');
    const asAnon = await attempt(db, anon, `select public.import_links($1::jsonb)`, [
      JSON.stringify([{ title: 'x', url: 'https://anon.example/' }]),
    ]);
    expect(asAnon.error?.code).toBe('42501');
    const anonFolders = await attempt(db, anon, `select public.import_folders($1::jsonb)`, [
      JSON.stringify([{ name: 'Anon', parent_id: null }]),
    ]);
    expect(anonFolders.error?.code).toBe('42501');

    // B's own import writes only B's rows, even for a URL A already has.
    const own = await attempt<{ r: { inserted: number } }>(db, as(b), `select public.import_links($1::jsonb) as r`, [
      JSON.stringify([{ title: 'Mine', url: 'https://one.example/' }]),
    ]);
    expect(own.rows[0].r.inserted).toBe(1);
    expect(await count(`select count(*) as n from public.links where user_id = $1 and url = 'https://one.example/'`, [b.id])).toBe(1);
    expect(await count(`select count(*) as n from public.links where user_id = $1`, [b.id])).toBe(bLinksBefore + 1);
    expect(await count(`select count(*) as n from public.categories where user_id = $1`, [b.id])).toBe(bFoldersBefore);
    expect(await fingerprint(a)).toBe(before);
    expect(
      await count(`select count(*) as n from public.links where url like 'https://evil.example/%' or url = 'https://anon.example/'`, []),
    ).toBe(0);
    expect(await count(`select count(*) as n from public.categories where name in ('Planted', 'Anon')`, [])).toBe(0);
  });

  it('a batch is all or nothing: a bad folder id anywhere rolls back the whole batch', async () => {
    const before = await count(`select count(*) as n from public.links where user_id = $1`, [a.id]);
    const r = await attempt(db, as(a), `select public.import_links($1::jsonb)`, [
      JSON.stringify([
        { title: 'ok', url: `https://ok.example/${randomUUID()}` },
        { title: 'bad', url: 'https://bad.example/', folder_id: randomUUID() },
      ]),
    ]);
    expect(r.error?.code).toBe('PT404');
    expect(await count(`select count(*) as n from public.links where user_id = $1`, [a.id])).toBe(before);
  });

  it("import_folder_icons: sets an own-storage or gallery icon on the caller's iconless folders only", async () => {
    const [work, docs, theirs] = await Promise.all(
      [
        [a, 'Icons A'],
        [a, 'Icons B'],
        [b, 'Icons of B'],
      ].map(async ([user, name]) => {
        const made = await attempt<{ r: { ids: string[] } }>(db, as(user as TestUser), `select public.import_folders($1::jsonb) as r`, [
          JSON.stringify([{ name, parent_id: null }]),
        ]);
        return made.rows[0].r.ids[0];
      }),
    );
    const beforeB = await fingerprint(b);
    const set = await attempt<{ n: number }>(db, as(a), `select public.import_folder_icons($1::jsonb) as n`, [
      JSON.stringify([
        { id: work, icon_url: '/icons/gallery/work.png' },
        // Another host: never stored (readers would call it).
        { id: docs, icon_url: 'https://tracker.example/pixel.png' },
        // B's folder: RLS and the owner check leave it alone.
        { id: theirs, icon_url: '/icons/gallery/work.png' },
      ]),
    ]);
    expect(set.error).toBeUndefined();
    expect(set.rows[0].n).toBe(1);
    const icons = await truth<{ id: string; icon_url: string | null }>(
      db,
      `select id, icon_url from public.categories where id = any($1::uuid[]) order by name`,
      [[work, docs]],
    );
    expect(Object.fromEntries(icons.map((r) => [r.id, r.icon_url]))).toEqual({ [work]: '/icons/gallery/work.png', [docs]: null });
    expect(await fingerprint(b)).toBe(beforeB);
    // An icon the user has already is kept.
    const again = await attempt<{ n: number }>(db, as(a), `select public.import_folder_icons($1::jsonb) as n`, [
      JSON.stringify([{ id: work, icon_url: '/icons/gallery/other.png' }]),
    ]);
    expect(again.rows[0].n).toBe(0);
    const anonCall = await attempt(db, anon, `select public.import_folder_icons($1::jsonb)`, [JSON.stringify([])]);
    expect(anonCall.error).toBeDefined();
  });
});
