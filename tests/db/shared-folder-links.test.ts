import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  anon,
  as,
  attempt,
  createUser,
  systemCategory,
  truth,
  openMigratedPglite,
  uniqueName,
  uniqueUsername,
  type TestUser,
} from './harness.ts';

/**
 * The links of a shared folder at the database: links filed by second_category_id (how the owner's
 * saves land in a folder) are the members' too; an editor moves a link only within the shared tree
 * (move_shared_folder_link and plain updates, each counted and re-read as the service role); a
 * member's open counts in the owner's stats.
 */
describe('shared folder links', () => {
  let db: Database;
  let close: () => Promise<void>;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let folder: string;
  let sub: string;
  let privateFolder: string;
  let saved: string;
  let editorOwn: string;

  const newFolder = async (user: TestUser, name: string, parent: string | null = null) =>
    (
      await db.query<{ id: string }>(
        'insert into public.categories (user_id, name, parent_category_id) values ($1, $2, $3) returning id::text as id',
        [user.id, uniqueName(name), parent],
      )
    ).rows[0].id;
  /** An owner's link filed in `category` (and `second`, as a save into a folder files it). */
  const newLink = async (category: string, second: string | null = null) =>
    (
      await db.query<{ id: string }>(
        `insert into public.links (user_id, title, url, category_id, second_category_id)
         values ($1, 'Pick', $2, $3, $4) returning id::text as id`,
        [owner.id, `https://pick.example/${randomUUID()}`, category, second],
      )
    ).rows[0].id;
  const placeOf = async (id: string) =>
    (
      await truth<{ c: string | null; s: string | null; u: string; n: number }>(
        db,
        'select category_id::text as c, second_category_id::text as s, user_id::text as u, access_count as n from public.links where id = $1',
        [id],
      )
    )[0];
  const moveAs = (user: TestUser, link: string, from: string, to: string) =>
    attempt<{ ok: boolean }>(db, as(user), 'select public.move_shared_folder_link($1, $2, $3) as ok', [link, from, to]);

  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
    const mk = (first: string) => createUser(db, { firstName: first, lastName: 'Test', username: uniqueUsername(first.toLowerCase()) });
    [owner, editor, viewer, outsider] = [await mk('Olga'), await mk('Ed'), await mk('Vera'), await mk('Nick')];
    folder = await newFolder(owner, 'team');
    sub = await newFolder(owner, 'team-sub', folder);
    privateFolder = await newFolder(owner, 'private');
    saved = await systemCategory(db, owner, 'saved');
    editorOwn = await newFolder(editor, 'mine');
    for (const [user, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      await db.query(
        `insert into public.folder_members (folder_id, owner_id, member_user_id, role, invited_by, accepted_at)
         values ($1, $2, $3, $4, $2, now())`,
        [folder, owner.id, user.id, role],
      );
    }
  });
  afterAll(async () => close?.());

  it("a link saved into the shared folder (second_category_id) is read, counted and edited like the folder's others", async () => {
    const link = await newLink(saved, folder);
    for (const member of [editor, viewer]) {
      const seen = await attempt(db, as(member), 'select id from public.links where id = $1', [link]);
      expect(seen.rows).toHaveLength(1);
    }
    const hidden = await attempt(db, as(outsider), 'select id from public.links where id = $1', [link]);
    expect(hidden.rows).toHaveLength(0);
    // The owner's own 'Recently Saved Links' is not shared: a link only there stays the owner's.
    const onlySaved = await newLink(saved);
    expect((await attempt(db, as(editor), 'select id from public.links where id = $1', [onlySaved])).rows).toHaveLength(0);

    const [{ f }] = (await attempt<{ f: { link_count: number } }>(db, as(viewer), 'select public.get_shared_folder($1) as f', [folder]))
      .rows;
    const own = await truth<{ n: number }>(
      db,
      'select count(*)::int as n from public.links where user_id = $1 and (category_id = $2 or second_category_id = $2)',
      [owner.id, folder],
    );
    expect(f.link_count).toBe(own[0].n);
    const listed = await attempt<{ folder_id: string; link_count: number }>(db, as(viewer), 'select * from public.list_shared_folders()');
    expect(Number(listed.rows.find((r) => r.folder_id === folder)?.link_count)).toBe(own[0].n);

    const edit = await attempt(db, as(editor), `update public.links set title = 'Edited by Ed' where id = $1`, [link]);
    expect(edit.rowCount).toBe(1);
    const viewerEdit = await attempt(db, as(viewer), `update public.links set title = 'Vera' where id = $1`, [link]);
    expect(viewerEdit.rowCount).toBe(0);
    expect((await truth<{ title: string }>(db, 'select title from public.links where id = $1', [link]))[0].title).toBe('Edited by Ed');
  });

  it('an editor moves a link within the shared tree, whichever column files it', async () => {
    const direct = await newLink(folder);
    const r1 = await moveAs(editor, direct, folder, sub);
    expect(r1.error).toBeUndefined();
    expect(r1.rows).toEqual([{ ok: true }]);
    expect(await placeOf(direct)).toMatchObject({ c: sub, s: null, u: owner.id });
    // And back up, from the subfolder to the shared folder.
    expect((await moveAs(editor, direct, sub, folder)).error).toBeUndefined();
    expect(await placeOf(direct)).toMatchObject({ c: folder, s: null });

    const savedInto = await newLink(saved, folder);
    expect((await moveAs(editor, savedInto, folder, sub)).error).toBeUndefined();
    expect(await placeOf(savedInto)).toMatchObject({ c: saved, s: sub, u: owner.id });

    // A link accepted into the folder keeps another folder of the owner's as second_category_id:
    // the editor still edits and moves it, and that column stays as it was.
    const accepted = await newLink(folder, privateFolder);
    expect((await attempt(db, as(editor), `update public.links set title = 'ok' where id = $1`, [accepted])).rowCount).toBe(1);
    expect((await moveAs(editor, accepted, folder, sub)).error).toBeUndefined();
    expect(await placeOf(accepted)).toMatchObject({ c: sub, s: privateFolder });
  });

  it('nobody moves a link out of the shared tree: not the editor (RPC or plain update), not a viewer or an outsider', async () => {
    const link = await newLink(folder);
    const savedInto = await newLink(saved, folder);
    const before = await placeOf(link);
    const beforeSaved = await placeOf(savedInto);

    for (const target of [privateFolder, saved, editorOwn]) {
      const o = await moveAs(editor, link, folder, target);
      expect(o.error?.code).toBe('42501');
      expect(await placeOf(link)).toEqual(before);
    }
    const plain = await attempt(db, as(editor), 'update public.links set category_id = $2 where id = $1', [link, privateFolder]);
    expect(plain.error?.code).toBe('42501');
    // Through the second column: a saved link cannot be filed into a folder outside the tree, nor
    // dropped out of the tree by clearing it.
    const second = await attempt(db, as(editor), 'update public.links set second_category_id = $2 where id = $1', [
      savedInto,
      privateFolder,
    ]);
    expect(second.error?.code).toBe('42501');
    const cleared = await attempt(db, as(editor), 'update public.links set second_category_id = null where id = $1', [savedInto]);
    expect(cleared.error?.code).toBe('42501');
    const both = await attempt(db, as(editor), 'update public.links set category_id = $2, second_category_id = null where id = $1', [
      savedInto,
      privateFolder,
    ]);
    expect(both.error?.code).toBe('42501');
    expect(await placeOf(savedInto)).toEqual(beforeSaved);

    // Not the owner's link to someone else, and not the owner's counts.
    const take = await attempt(db, as(editor), 'update public.links set user_id = $2, category_id = $3 where id = $1', [
      link,
      editor.id,
      editorOwn,
    ]);
    expect(take.error?.code).toBe('42501');
    const inflate = await attempt(db, as(editor), 'update public.links set access_count = 999 where id = $1', [link]);
    expect(inflate.error?.code).toBe('42501');
    expect(await placeOf(link)).toEqual(before);

    // A viewer and an outsider move nothing (no row is theirs to change).
    for (const user of [viewer, outsider]) {
      const o = await moveAs(user, link, folder, sub);
      expect(o.error?.code).toBe('PT404');
      const p = await attempt(db, as(user), 'update public.links set category_id = $2 where id = $1', [link, sub]);
      expect(p.rowCount).toBe(0);
      expect(await placeOf(link)).toEqual(before);
    }
    const a = await attempt(db, anon, 'select public.move_shared_folder_link($1, $2, $3)', [link, folder, sub]);
    expect(a.error?.code).toBe('42501');
    expect(await placeOf(link)).toEqual(before);
  });

  it('list_shared_folder_tree gives a member the shared folder and its subfolders, nobody else anything', async () => {
    const deeper = await newFolder(owner, 'deeper', sub);
    const tree = await attempt<{ id: string; parent_category_id: string | null }>(
      db,
      as(viewer),
      'select * from public.list_shared_folder_tree($1)',
      [folder],
    );
    expect(tree.rows.map((r) => r.id).sort()).toEqual([folder, sub, deeper].sort());
    expect(tree.rows.find((r) => r.id === folder)?.parent_category_id).toBeNull();
    expect((await attempt(db, as(outsider), 'select * from public.list_shared_folder_tree($1)', [folder])).rows).toEqual([]);
    // Only from a folder of a membership: not from a subfolder, not from the owner's other folders.
    expect((await attempt(db, as(editor), 'select * from public.list_shared_folder_tree($1)', [sub])).rows).toEqual([]);
    expect((await attempt(db, as(editor), 'select * from public.list_shared_folder_tree($1)', [privateFolder])).rows).toEqual([]);
    expect((await attempt(db, anon, 'select * from public.list_shared_folder_tree($1)', [folder])).error?.code).toBe('42501');
  });

  it("a member's open counts in the owner's stats, as the owner's own do; nobody else's does", async () => {
    const link = await newLink(folder);
    const savedInto = await newLink(saved, sub);
    const open = async (user: TestUser, id: string) =>
      (await attempt<{ n: number | null }>(db, as(user), 'select public.increment_link_access($1) as n', [id])).rows[0]?.n;

    expect(await open(owner, link)).toBe(1);
    expect(await open(viewer, link)).toBe(2);
    expect(await open(editor, link)).toBe(3);
    expect((await placeOf(link)).n).toBe(3);
    expect(await open(viewer, savedInto)).toBe(1);
    expect((await placeOf(savedInto)).n).toBe(1);

    // An outsider, a link outside the tree, and anon count nothing.
    expect(await open(outsider, link)).toBeNull();
    const elsewhere = await newLink(privateFolder);
    expect(await open(viewer, elsewhere)).toBeNull();
    expect((await placeOf(elsewhere)).n).toBe(0);
    const a = await attempt(db, anon, 'select public.increment_link_access($1)', [link]);
    expect(a.error?.code).toBe('42501');
    expect((await placeOf(link)).n).toBe(3);

    // A removed member's opens stop counting at once.
    const removed = await attempt(db, as(owner), 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
      folder,
      viewer.id,
    ]);
    expect(removed.rowCount).toBe(1);
    expect(await open(viewer, link)).toBeNull();
    expect((await placeOf(link)).n).toBe(3);
  });
});
