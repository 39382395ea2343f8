import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { FEATURED_FOLDER_LINKS_MAX, FEATURED_ITEMS_MAX } from '../../shared/rules/featured-links.ts';
import { anon, as, attempt, createUser, run, truth, uniqueUsername, type Actor, type TestUser } from './harness.ts';

// Featured links on the public page: owners write their own rows only; visitors read them only
// through get_public_page_links (published, visible, owner not deactivated) and can only add 1 to
// an item's open counter through count_featured_open.

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  const { openMigratedPglite } = await import('./harness.ts');
  ({ db, close } = await openMigratedPglite());
});
afterAll(async () => close?.());

type Row = Record<string, unknown>;
async function q(actor: Actor, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await run(db, actor, (tx) => tx.query<Row>(sql, params))).rows;
}
const newUser = (): Promise<TestUser> => createUser(db, { firstName: 'Feat', username: uniqueUsername('feat') });

async function link(u: TestUser, title: string, url = `https://${title.toLowerCase()}.example.com/`): Promise<string> {
  const [row] = await truth<{ id: string }>(db, 'insert into public.links (user_id, title, url) values ($1, $2, $3) returning id', [
    u.id,
    title,
    url,
  ]);
  return row.id;
}
async function folder(u: TestUser, name: string): Promise<string> {
  const [row] = await truth<{ id: string }>(db, 'insert into public.categories (user_id, name) values ($1, $2) returning id', [u.id, name]);
  return row.id;
}
const publish = (u: TestUser, visibility = 'public', published = true) =>
  truth(db, 'update public.user_privacy_settings set public_page_published = $2, public_page_visibility = $3 where user_id = $1', [
    u.id,
    published,
    visibility,
  ]);
const save = (actor: Actor, items: unknown) =>
  attempt<{ n: number }>(db, actor, 'select public.save_featured_items($1::jsonb) as n', [JSON.stringify(items)]);
const pageLinks = async (actor: Actor, slug: string) =>
  (await q(actor, 'select public.get_public_page_links($1) as j', [slug]))[0].j as Array<Record<string, unknown>>;
const countOpen = async (actor: Actor, id: string) =>
  (await q(actor, 'select public.count_featured_open($1) as ok', [id]))[0].ok as boolean;
const opensOf = async (id: string) =>
  (await truth<{ n: number }>(db, 'select open_count as n from public.page_featured_items where id = $1', [id]))[0]?.n;

describe('featured links', () => {
  it('the limits equal the shared rule', async () => {
    const [row] = await truth(db, 'select public.featured_items_max() as items, public.featured_folder_links_max() as folder');
    expect(row).toEqual({ items: FEATURED_ITEMS_MAX, folder: FEATURED_FOLDER_LINKS_MAX });
  });

  it('the owner saves, reorders and replaces the list; open counts survive a reorder', async () => {
    const u = await newUser();
    const [a, b, c] = [await link(u, 'Alpha'), await link(u, 'Beta'), await link(u, 'Gamma')];
    const f = await folder(u, 'Reading');
    expect((await save(as(u), [{ link_id: a }, { link_id: b, custom_title: ' Mine ' }, { category_id: f }])).rows[0].n).toBe(3);
    const rows = await truth<{ id: string; link_id: string | null; position: number; custom_title: string | null }>(
      db,
      'select id, link_id, position, custom_title from public.page_featured_items where user_id = $1 order by position',
      [u.id],
    );
    expect(rows.map((r) => [r.link_id, r.position, r.custom_title])).toEqual([
      [a, 0, null],
      [b, 1, 'Mine'],
      [null, 2, null],
    ]);
    await truth(db, 'update public.page_featured_items set open_count = 5 where id = $1', [rows[0].id]);
    expect((await save(as(u), [{ link_id: c }, { link_id: a }])).rows[0].n).toBe(2);
    const after = await truth<{ id: string; link_id: string; open_count: number }>(
      db,
      'select id, link_id, open_count from public.page_featured_items where user_id = $1 order by position',
      [u.id],
    );
    expect(after.map((r) => r.link_id)).toEqual([c, a]);
    expect(after[1]).toMatchObject({ id: rows[0].id, open_count: 5 });
  });

  it("refuses another user's links and folders, duplicates, long titles, foreign images and more than the limit", async () => {
    const u = await newUser();
    const other = await newUser();
    const theirs = await link(other, 'Theirs');
    const theirFolder = await folder(other, 'Theirs');
    expect((await save(as(u), [{ link_id: theirs }])).error?.code).toBe('42501');
    expect((await save(as(u), [{ category_id: theirFolder }])).error?.code).toBe('42501');
    const mine = await link(u, 'Mine');
    expect((await save(as(u), [{ link_id: mine }, { link_id: mine }])).error?.code).toBe('22023');
    expect((await save(as(u), [{ link_id: mine, custom_title: 'x'.repeat(101) }])).error?.code).toBe('23514');
    expect((await save(as(u), [{ link_id: mine, image_url: 'https://tracker.example.net/pixel.png' }])).error?.code).toBe('23514');
    const tooMany = Array.from({ length: FEATURED_ITEMS_MAX + 1 }, () => ({ link_id: mine }));
    expect((await save(as(u), tooMany)).error?.code).toBe('23514');
    expect((await save(anon, [{ link_id: mine }])).error?.code).toBe('42501');
    expect(await truth(db, 'select 1 from public.page_featured_items where user_id = $1', [u.id])).toHaveLength(0);
  });

  it('RLS: only the owner reads and changes rows; nobody writes the counter directly', async () => {
    const u = await newUser();
    const b = await newUser();
    await save(as(u), [{ link_id: await link(u, 'Own') }]);
    const [{ id }] = await truth<{ id: string }>(db, 'select id from public.page_featured_items where user_id = $1', [u.id]);
    await publish(u);
    expect(await q(as(b), 'select * from public.page_featured_items where id = $1', [id])).toHaveLength(0);
    expect((await attempt(db, anon, 'select * from public.page_featured_items')).error?.code).toBe('42501');
    const bUpdate = await attempt(db, as(b), "update public.page_featured_items set custom_title = 'hijack' where id = $1", [id]);
    expect(bUpdate.rowCount).toBe(0);
    const bDelete = await attempt(db, as(b), 'delete from public.page_featured_items where id = $1', [id]);
    expect(bDelete.rowCount).toBe(0);
    const bInsert = await attempt(db, as(b), 'insert into public.page_featured_items (user_id, link_id) values ($1, $2)', [
      u.id,
      await link(u, 'Second'),
    ]);
    expect(bInsert.error?.code).toBe('42501');
    // The owner may not set the counter either.
    expect((await attempt(db, as(u), 'update public.page_featured_items set open_count = 999 where id = $1', [id])).error?.code).toBe(
      '42501',
    );
    expect(await truth(db, 'select custom_title, open_count from public.page_featured_items where user_id = $1', [u.id])).toEqual([
      { custom_title: null, open_count: 0 },
    ]);
    const own = await attempt(db, as(u), "update public.page_featured_items set custom_title = 'Renamed' where id = $1", [id]);
    expect(own.rowCount).toBe(1);
    expect((await truth(db, 'select custom_title from public.page_featured_items where id = $1', [id]))[0]).toEqual({
      custom_title: 'Renamed',
    });
  });

  it('anon reads a published page’s items in order (folders with their http(s) links), and nothing otherwise', async () => {
    const u = await newUser();
    const f = await folder(u, 'Reads');
    const inside = await link(u, 'Inside');
    await truth(db, 'update public.links set category_id = $2 where id = $1', [inside, f]);
    const first = await link(u, 'First');
    await save(as(u), [{ category_id: f }, { link_id: first, custom_title: 'Start here' }]);
    expect(await pageLinks(anon, u.username!)).toEqual([]);
    await publish(u, 'private');
    expect(await pageLinks(anon, u.username!)).toEqual([]);
    await publish(u, 'public', false);
    expect(await pageLinks(anon, u.username!)).toEqual([]);
    await publish(u);
    const items = await pageLinks(anon, u.username!);
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ['folder', 'Reads'],
      ['link', 'Start here'],
    ]);
    expect(items[1].url).toBe('https://first.example.com/');
    expect((items[0].links as Row[]).map((l) => l.title)).toEqual(['Inside']);
    // A deactivated owner's page has no links for visitors.
    await truth(db, 'update public.user_privacy_settings set deactivated_at = now() where user_id = $1', [u.id]);
    expect(await pageLinks(anon, u.username!)).toEqual([]);
    await truth(db, 'update public.user_privacy_settings set deactivated_at = null where user_id = $1', [u.id]);
  });

  it('count_featured_open adds 1 for visitors of a visible page only, paced per minute, and changes nothing else', async () => {
    const u = await newUser();
    const visitor = await newUser();
    await save(as(u), [{ link_id: await link(u, 'Counted'), custom_title: 'Keep' }]);
    const [{ id }] = await truth<{ id: string }>(db, 'select id from public.page_featured_items where user_id = $1', [u.id]);
    expect(await countOpen(anon, id)).toBe(false); // unpublished
    await publish(u, 'exclusive');
    expect(await countOpen(anon, id)).toBe(false);
    expect(await countOpen(as(visitor), id)).toBe(false); // not a member
    await publish(u);
    expect(await countOpen(as(u), id)).toBe(false); // the owner's own clicks
    expect(await opensOf(id)).toBe(0);
    const before = await truth(
      db,
      'select user_id, link_id, category_id, position, custom_title, image_url from public.page_featured_items where id = $1',
      [id],
    );
    expect(await countOpen(anon, id)).toBe(true);
    expect(await countOpen(as(visitor), id)).toBe(true);
    expect(await opensOf(id)).toBe(2);
    expect(
      await truth(
        db,
        'select user_id, link_id, category_id, position, custom_title, image_url from public.page_featured_items where id = $1',
        [id],
      ),
    ).toEqual(before);
    // An unknown id is no error and writes nothing.
    expect(await countOpen(anon, '00000000-0000-4000-8000-000000000000')).toBe(false);
    // At most 60 a minute per item.
    for (let i = 0; i < 70; i++) await countOpen(anon, id);
    expect(await opensOf(id)).toBe(60);
    await truth(db, "update public.page_featured_items set opens_window_start = now() - interval '2 minutes' where id = $1", [id]);
    expect(await countOpen(anon, id)).toBe(true);
    expect(await opensOf(id)).toBe(61);
  });
});
