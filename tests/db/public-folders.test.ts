import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { isFolderSlug, PUBLIC_FOLDER_LINKS_MAX } from '../../shared/rules/public-folder.ts';
import { anon, as, attempt, createUser, run, systemCategory, truth, uniqueUsername, type Actor, type TestUser } from './harness.ts';

// Public folders: only the owner publishes, edits and unpublishes their own ordinary folders (RLS:
// every refused write is counted and the row re-read as the service role); visitors read a folder
// only through get_public_folder (published, account live) and can only add 1 to its open counter.

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  const { openMigratedPglite } = await import('./harness.ts');
  ({ db, close } = await openMigratedPglite());
});
afterAll(async () => close?.());

type Row = Record<string, unknown>;
const newUser = (): Promise<TestUser> => createUser(db, { firstName: 'Pub', lastName: 'Lisher', username: uniqueUsername('pub') });

async function folder(u: TestUser, name: string): Promise<string> {
  const [row] = await truth<{ id: string }>(db, 'insert into public.categories (user_id, name) values ($1, $2) returning id', [u.id, name]);
  return row.id;
}
async function link(u: TestUser, folderId: string, title: string, url = `https://${title.toLowerCase()}.example.com/`): Promise<string> {
  const [row] = await truth<{ id: string }>(
    db,
    'insert into public.links (user_id, category_id, title, url, description) values ($1, $2, $3, $4, $5) returning id',
    [u.id, folderId, title, url, `About ${title}`],
  );
  return row.id;
}
const publishAs = (actor: Actor, owner: TestUser, folderId: string, slug: string | null = null) =>
  attempt<{ id: string; slug: string }>(
    db,
    actor,
    'insert into public.public_folders (user_id, folder_id, slug) values ($1, $2, $3) returning id, slug',
    [owner.id, folderId, slug],
  );
const setPublished = (actor: Actor, folderId: string, published: boolean) =>
  attempt(db, actor, 'update public.public_folders set published = $2 where folder_id = $1', [folderId, published]);
const read = async (actor: Actor, profile: string, slug: string) =>
  (await run(db, actor, (tx) => tx.query<{ j: Row | null }>('select public.get_public_folder($1, $2) as j', [profile, slug]))).rows[0].j;
const countOpen = async (actor: Actor, id: string) =>
  (await run(db, actor, (tx) => tx.query<{ ok: boolean }>('select public.count_public_folder_open($1) as ok', [id]))).rows[0].ok;
const stored = (folderId: string) =>
  truth<{ slug: string; published: boolean; noindex: boolean; open_count: number }>(
    db,
    'select slug, published, noindex, open_count from public.public_folders where folder_id = $1',
    [folderId],
  );

describe('public folders', () => {
  it('the limits and the slug rule equal the shared rule', async () => {
    const [row] = await truth<{ max: number }>(db, 'select public.public_folder_links_max() as max');
    expect(row.max).toBe(PUBLIC_FOLDER_LINKS_MAX);
    for (const slug of ['ab', 'abc', 'reading-list', 'Preview', 'preview', 'a b c', 'x'.repeat(30), 'x'.repeat(31), 'dé-jà']) {
      const [r] = await truth<{ ok: boolean }>(db, 'select public.is_folder_slug($1) as ok', [slug]);
      expect([slug, r.ok]).toEqual([slug, isFolderSlug(slug)]);
    }
  });

  it('derives the slug from the name, unique per owner; the owner may change it', async () => {
    const u = await newUser();
    const a = await publishAs(as(u), u, await folder(u, 'Café Reads & Notes!'));
    expect(a.rowCount).toBe(1);
    expect(a.rows[0].slug).toBe('cafe-reads-notes');
    // Another folder whose name gives the same slug (under another parent) gets -2.
    const parent = await folder(u, 'Parent');
    const [{ id: nested }] = await truth<{ id: string }>(
      db,
      'insert into public.categories (user_id, name, parent_category_id) values ($1, $2, $3) returning id',
      [u.id, 'Cafe reads notes', parent],
    );
    expect((await publishAs(as(u), u, nested)).rows[0].slug).toBe('cafe-reads-notes-2');
    expect((await publishAs(as(u), u, await folder(u, 'AI'))).rows[0].slug).toBe('ai-folder');
    expect((await publishAs(as(u), u, await folder(u, 'Preview'))).rows[0].slug).toBe('preview-folder');
    expect((await publishAs(as(u), u, await folder(u, '日本'))).rows[0].slug).toBe('folder');
    // Another owner's namespace is separate.
    const other = await newUser();
    expect((await publishAs(as(other), other, await folder(other, 'Cafe Reads Notes'))).rows[0].slug).toBe('cafe-reads-notes');

    // Editing: a taken slug (any case), a reserved or malformed one are refused; a free one is kept.
    const edit = (slug: string) => attempt(db, as(u), 'update public.public_folders set slug = $2 where folder_id = $1', [nested, slug]);
    expect((await edit('CAFE-READS-NOTES')).error?.code).toBe('23505');
    expect((await edit('preview')).error?.code).toBe('23514');
    expect((await edit('no spaces')).error?.code).toBe('23514');
    expect((await edit('Weekend_Reads')).rowCount).toBe(1);
    expect((await stored(nested))[0].slug).toBe('Weekend_Reads');
  });

  it('RLS: only the owner publishes, edits and unpublishes; default folders cannot be published; nobody writes the counter', async () => {
    const u = await newUser();
    const b = await newUser();
    const f = await folder(u, 'Owner Only');

    // Another user cannot publish the owner's folder, as the owner or as themselves.
    const asOwner = await publishAs(as(b), u, f);
    expect(asOwner.error?.code).toBe('42501');
    const asSelf = await publishAs(as(b), b, f);
    expect(asSelf.error?.code).toBe('42501');
    expect((await publishAs(anon, u, f)).error?.code).toBe('42501');
    expect(await stored(f)).toEqual([]);

    // Default and system folders cannot be published, not even by their owner.
    for (const key of ['saved', 'incoming', 'approved', 'rejected'] as const) {
      const refused = await publishAs(as(u), u, await systemCategory(db, u, key));
      expect([key, refused.error?.code]).toEqual([key, '23514']);
    }
    expect(await truth(db, 'select 1 from public.public_folders where user_id = $1', [u.id])).toEqual([]);

    const own = await publishAs(as(u), u, f);
    expect(own.rowCount).toBe(1);
    const id = own.rows[0].id;

    // Reads, edits and unpublishing by others touch no row.
    expect((await attempt(db, as(b), 'select * from public.public_folders where id = $1', [id])).rows).toEqual([]);
    expect((await attempt(db, anon, 'select * from public.public_folders')).error?.code).toBe('42501');
    expect((await setPublished(as(b), f, false)).rowCount).toBe(0);
    expect((await attempt(db, as(b), 'update public.public_folders set noindex = true where id = $1', [id])).rowCount).toBe(0);
    expect((await attempt(db, as(b), 'delete from public.public_folders where id = $1', [id])).rowCount).toBe(0);
    expect((await setPublished(anon, f, false)).error?.code).toBe('42501');
    expect(await stored(f)).toEqual([{ slug: 'owner-only', published: true, noindex: false, open_count: 0 }]);

    // The counter and the folder are not the owner's to write either.
    expect((await attempt(db, as(u), 'update public.public_folders set open_count = 999 where id = $1', [id])).error?.code).toBe('42501');
    const moved = await attempt(db, as(u), 'update public.public_folders set folder_id = $2 where id = $1', [id, await folder(u, 'Else')]);
    expect(moved.error?.code).toBe('42501');
    expect(await stored(f)).toEqual([{ slug: 'owner-only', published: true, noindex: false, open_count: 0 }]);

    // The owner's own changes: one row each.
    expect((await attempt(db, as(u), 'update public.public_folders set noindex = true where id = $1', [id])).rowCount).toBe(1);
    expect((await setPublished(as(u), f, false)).rowCount).toBe(1);
    expect(await stored(f)).toEqual([{ slug: 'owner-only', published: false, noindex: true, open_count: 0 }]);
    expect((await attempt(db, as(u), 'delete from public.public_folders where id = $1', [id])).rowCount).toBe(1);
    expect(await stored(f)).toEqual([]);
  });

  it('anon reads a published folder with its http(s) links, tags and owner; unpublishing removes it at once', async () => {
    const u = await newUser();
    const f = await folder(u, 'Team Reads');
    const older = await link(u, f, 'Older');
    await truth(db, "update public.links set created_at = now() - interval '1 day' where id = $1", [older]);
    const newer = await link(u, f, 'Newer');
    const [{ id: tag }] = await truth<{ id: string }>(db, "insert into public.tags (user_id, name) values ($1, 'rust') returning id", [
      u.id,
    ]);
    await truth(db, 'insert into public.link_tags (link_id, tag_id, user_id) values ($1, $2, $3)', [newer, tag, u.id]);
    await truth(
      db,
      `insert into public.webpage_settings (user_id, public_display_name, theme_mode) values ($1, 'Pat Owner', 'neon')
       on conflict (user_id) do update set public_display_name = excluded.public_display_name, theme_mode = excluded.theme_mode`,
      [u.id],
    );

    expect(await read(anon, u.username!, 'team-reads')).toBeNull();
    const published = await publishAs(as(u), u, f);
    const id = published.rows[0].id;
    await truth(db, "update public.public_folders set description = 'What the team reads' where id = $1", [id]);

    for (const actor of [anon, as(await newUser()), as(u)]) {
      const j = (await read(actor, u.username!.toUpperCase(), 'Team-Reads'))!;
      expect(j).toMatchObject({
        id,
        slug: 'team-reads',
        name: 'Team Reads',
        description: 'What the team reads',
        noindex: false,
        link_count: 2,
      });
      expect(j.profile).toMatchObject({ slug: u.username, public_display_name: 'Pat Owner', theme_mode: 'neon', public: false });
      expect((j.links as Row[]).map((l) => [l.title, l.url, l.description, l.tags])).toEqual([
        ['Newer', 'https://newer.example.com/', 'About Newer', ['rust']],
        ['Older', 'https://older.example.com/', 'About Older', []],
      ]);
    }
    // The profile URL name resolves it too; the profile page's own settings do not gate it.
    await truth(db, 'update public.profiles set public_page_slug = $2 where user_id = $1', [u.id, `page-${u.id.slice(0, 8)}`]);
    expect((await read(anon, `page-${u.id.slice(0, 8)}`, 'team-reads'))?.profile).toMatchObject({ slug: `page-${u.id.slice(0, 8)}` });
    await truth(
      db,
      "update public.user_privacy_settings set public_page_published = true, public_page_visibility = 'public' where user_id = $1",
      [u.id],
    );
    expect(((await read(anon, u.username!, 'team-reads'))?.profile as Row).public).toBe(true);

    // Unpublished: nothing, for anyone, at once.
    expect((await setPublished(as(u), f, false)).rowCount).toBe(1);
    expect(await read(anon, u.username!, 'team-reads')).toBeNull();
    expect(await read(as(u), u.username!, 'team-reads')).toBeNull();
    expect((await setPublished(as(u), f, true)).rowCount).toBe(1);
    expect(await read(anon, u.username!, 'team-reads')).not.toBeNull();

    // A deactivated account has no public folders; wrong owner or malformed names answer null.
    await truth(db, 'update public.user_privacy_settings set deactivated_at = now() where user_id = $1', [u.id]);
    expect(await read(anon, u.username!, 'team-reads')).toBeNull();
    await truth(db, 'update public.user_privacy_settings set deactivated_at = null where user_id = $1', [u.id]);
    const other = await newUser();
    expect(await read(anon, other.username!, 'team-reads')).toBeNull();
    expect(await read(anon, u.username!, 'preview')).toBeNull();
    expect(await read(anon, '../x', 'team-reads')).toBeNull();
    // Deleting the folder deletes its publication.
    await truth(db, 'delete from public.categories where id = $1', [f]);
    expect(await stored(f)).toEqual([]);
  });

  it('count_public_folder_open adds 1 for visitors of a published folder only, paced per minute, and changes nothing else', async () => {
    const u = await newUser();
    const visitor = await newUser();
    const f = await folder(u, 'Counted');
    const { id } = (await publishAs(as(u), u, f)).rows[0];
    expect(await countOpen(as(u), id)).toBe(false); // the owner's own clicks
    expect(await countOpen(anon, id)).toBe(true);
    expect(await countOpen(as(visitor), id)).toBe(true);
    expect((await stored(f))[0]).toMatchObject({ slug: 'counted', published: true, open_count: 2 });
    expect(await countOpen(anon, '00000000-0000-4000-8000-000000000000')).toBe(false);
    await setPublished(as(u), f, false);
    expect(await countOpen(anon, id)).toBe(false);
    await setPublished(as(u), f, true);
    for (let i = 0; i < 70; i++) await countOpen(anon, id);
    expect((await stored(f))[0].open_count).toBe(60);
    await truth(db, "update public.public_folders set opens_window_start = now() - interval '2 minutes' where id = $1", [id]);
    expect(await countOpen(anon, id)).toBe(true);
    expect((await stored(f))[0].open_count).toBe(61);
    await truth(db, 'update public.user_privacy_settings set deactivated_at = now() where user_id = $1', [u.id]);
    expect(await countOpen(anon, id)).toBe(false);
  });
});
