import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  anon,
  as,
  attempt,
  attemptStorageDelete,
  createUser,
  makeAdmin,
  service,
  truth,
  uniqueName,
  uniqueUsername,
  type Actor,
  type Outcome,
  type TestUser,
} from './harness.ts';

// Templates, template links, template icons and settings icons are written by admins
// only, through every path (table writes as the REST layer runs them, RPCs, storage.objects);
// each denial is re-read as the service role, and each has an admin positive control.

let db: Database;
let close: () => Promise<void>;
let plain: TestUser;
let admin: TestUser;
beforeAll(async () => {
  const { openMigratedPglite } = await import('./harness.ts');
  ({ db, close } = await openMigratedPglite());
  plain = await createUser(db, { firstName: 'Plain', username: uniqueUsername('plain') });
  admin = await createUser(db, { firstName: 'Admin', username: uniqueUsername('admin') });
  await makeAdmin(db, admin);
});
afterAll(async () => close?.());

const refused = (o: Outcome) => Boolean(o.error) || o.rowCount === 0;

/** A fresh template folder with one link (as the service role); ids. */
async function seedTemplate(name = uniqueName('Tpl')): Promise<{ id: string; linkId: string; name: string }> {
  const [{ id }] = await truth<{ id: string }>(
    db,
    `insert into public.categories (user_id, name, is_template, display_order) values (null, $1, true, 50) returning id::text as id`,
    [name],
  );
  const [{ id: linkId }] = await truth<{ id: string }>(
    db,
    `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Seed link', $2, $1, true) returning id::text as id`,
    [id, `https://tpl.example/${randomUUID()}`],
  );
  return { id, linkId, name };
}
const templateName = async (id: string) =>
  (await truth<{ name: string }>(db, 'select name from public.categories where id = $1', [id]))[0]?.name;
const linkTitle = async (id: string) =>
  (await truth<{ title: string }>(db, 'select title from public.links where id = $1', [id]))[0]?.title;
const objectExists = async (bucket: string, name: string) =>
  (await truth(db, 'select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).length === 1;

describe('template rows: non-admins refused, admins allowed', () => {
  const cases: Array<[string, Actor | (() => Actor)]> = [
    ['plain user', () => as(plain)],
    ['anon', anon],
  ];
  for (const [who, actorOf] of cases) {
    it(`${who}: cannot create, rename, delete templates or their links, nor turn a folder into a template`, async () => {
      const actor = typeof actorOf === 'function' ? actorOf() : actorOf;
      const t = await seedTemplate();
      const evilName = uniqueName('Evil');

      const insertCat = await attempt(db, actor, `insert into public.categories (user_id, name, is_template) values (null, $1, true)`, [
        evilName,
      ]);
      expect(refused(insertCat)).toBe(true);
      expect(await truth(db, 'select 1 from public.categories where name = $1', [evilName])).toEqual([]);

      const rename = await attempt(db, actor, `update public.categories set name = 'defaced' where id = $1`, [t.id]);
      expect(refused(rename)).toBe(true);
      expect(await templateName(t.id)).toBe(t.name);

      const reorder = await attempt(db, actor, `update public.categories set display_order = -1 where id = $1`, [t.id]);
      expect(refused(reorder)).toBe(true);

      const icon = await attempt(db, actor, `update public.categories set icon_url = 'https://evil.example/x.png' where id = $1`, [t.id]);
      expect(refused(icon)).toBe(true);
      expect(
        (await truth<{ icon_url: string | null }>(db, 'select icon_url from public.categories where id = $1', [t.id]))[0].icon_url,
      ).toBeNull();

      const insertLink = await attempt(
        db,
        actor,
        `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Evil', 'https://evil.example', $1, true)`,
        [t.id],
      );
      expect(refused(insertLink)).toBe(true);
      expect(await truth(db, 'select 1 from public.links where category_id = $1', [t.id])).toHaveLength(1);

      const editLink = await attempt(db, actor, `update public.links set title = 'defaced' where id = $1`, [t.linkId]);
      expect(refused(editLink)).toBe(true);
      expect(await linkTitle(t.linkId)).toBe('Seed link');

      const deleteLink = await attempt(db, actor, `delete from public.links where id = $1`, [t.linkId]);
      expect(refused(deleteLink)).toBe(true);
      expect(await linkTitle(t.linkId)).toBe('Seed link');

      const deleteCat = await attempt(db, actor, `delete from public.categories where id = $1`, [t.id]);
      expect(refused(deleteCat)).toBe(true);
      expect(await templateName(t.id)).toBe(t.name);

      if (actor.kind === 'user') {
        // Own rows cannot become template rows (with check), nor can own links move into a template.
        const [{ id: own }] = await truth<{ id: string }>(
          db,
          `insert into public.categories (user_id, name) values ($1, $2) returning id::text as id`,
          [plain.id, uniqueName('Mine')],
        );
        const promote = await attempt(db, actor, `update public.categories set is_template = true where id = $1`, [own]);
        expect(refused(promote)).toBe(true);
        expect(
          (await truth<{ is_template: boolean }>(db, 'select is_template from public.categories where id = $1', [own]))[0].is_template,
        ).toBe(false);
        const sub = await attempt(
          db,
          actor,
          `insert into public.categories (user_id, name, parent_category_id) values ($1, 'Sneaky', $2)`,
          [plain.id, t.id],
        );
        expect(refused(sub)).toBe(true);
        expect(await truth(db, 'select 1 from public.categories where parent_category_id = $1', [t.id])).toEqual([]);
      }
    });
  }

  it('plain user: RPCs cannot reorder template links or copy a template into someone else', async () => {
    const t = await seedTemplate();
    const [{ id: second }] = await truth<{ id: string }>(
      db,
      `insert into public.links (user_id, title, url, category_id, is_template, created_at) values (null, 'Second', 'https://tpl.example/second', $1, true, now() - interval '1 day') returning id::text as id`,
      [t.id],
    );
    const before = await truth(db, 'select id, created_at from public.links where category_id = $1 order by id', [t.id]);
    const move = await attempt(db, as(plain), `select * from public.move_link($1, 'right', $2, $3)`, [t.linkId, second, t.id]);
    expect(move.error?.code).toBe('PT404');
    expect(await truth(db, 'select id, created_at from public.links where category_id = $1 order by id', [t.id])).toEqual(before);

    const copy = await attempt(db, as(plain), `select public.copy_template_category($1, $2)`, [t.id, admin.id]);
    expect(copy.error?.code).toBe('42501');
    expect(await truth(db, 'select 1 from public.categories where user_id = $1 and name = $2', [admin.id, t.name])).toEqual([]);
    const anonCopy = await attempt(db, anon, `select public.copy_template_category($1, $2)`, [t.id, plain.id]);
    expect(anonCopy.error?.code).toBe('42501');

    // Positive control: an admin may reorder template links.
    const adminMove = await attempt(db, as(admin), `select * from public.move_link($1, 'right', $2, $3)`, [t.linkId, second, t.id]);
    expect(adminMove.error).toBeUndefined();
    expect(adminMove.rows).toHaveLength(2);
    expect(await truth(db, 'select id, created_at from public.links where category_id = $1 order by id', [t.id])).not.toEqual(before);
  });

  it('admin (positive controls): creates, renames, re-icons, reorders a template, adds, edits and removes its links, deletes it with its links', async () => {
    const name = uniqueName('Admin tpl');
    const created = await attempt<{ id: string }>(
      db,
      as(admin),
      `insert into public.categories (user_id, name, is_template, display_order) values (null, $1, true, 7) returning id::text as id`,
      [name],
    );
    expect(created.error).toBeUndefined();
    expect(created.rowCount).toBe(1);
    const id = created.rows[0].id;

    expect(
      (
        await attempt(
          db,
          as(admin),
          `update public.categories set name = $2, icon_url = '/icons/gallery/star.svg', display_order = 3 where id = $1`,
          [id, `${name} renamed`],
        )
      ).rowCount,
    ).toBe(1);
    expect(await truth(db, 'select name, icon_url, display_order from public.categories where id = $1', [id])).toEqual([
      { name: `${name} renamed`, icon_url: '/icons/gallery/star.svg', display_order: 3 },
    ]);

    const link = await attempt<{ id: string }>(
      db,
      as(admin),
      `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Docs', 'https://docs.example', $1, true) returning id::text as id`,
      [id],
    );
    expect(link.rowCount).toBe(1);
    expect((await attempt(db, as(admin), `update public.links set title = 'Docs v2' where id = $1`, [link.rows[0].id])).rowCount).toBe(1);
    expect(await linkTitle(link.rows[0].id)).toBe('Docs v2');
    const second = await attempt<{ id: string }>(
      db,
      as(admin),
      `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Other', 'https://other.example', $1, true) returning id::text as id`,
      [id],
    );
    expect((await attempt(db, as(admin), `delete from public.links where id = $1`, [second.rows[0].id])).rowCount).toBe(1);
    expect(await truth(db, 'select 1 from public.links where id = $1', [second.rows[0].id])).toEqual([]);

    expect((await attempt(db, as(admin), `delete from public.categories where id = $1`, [id])).rowCount).toBe(1);
    expect(await truth(db, 'select 1 from public.categories where id = $1', [id])).toEqual([]);
    expect(await truth(db, 'select 1 from public.links where id = $1', [link.rows[0].id])).toEqual([]);
  });

  it('an admin cannot write templates into another account either (template rows belong to nobody)', async () => {
    const o = await attempt(db, as(admin), `insert into public.categories (user_id, name, is_template) values ($1, $2, true)`, [
      plain.id,
      uniqueName('Planted'),
    ]);
    expect(refused(o)).toBe(true);
  });
});

describe('copying a template', () => {
  it('copies the folder, its subfolders and links into the caller; a second copy is "Name (2)", not a merge', async () => {
    const t = await seedTemplate(uniqueName('Starter'));
    const [{ id: sub }] = await truth<{ id: string }>(
      db,
      `insert into public.categories (user_id, name, is_template, parent_category_id) values (null, 'Deeper', true, $1) returning id::text as id`,
      [t.id],
    );
    await truth(
      db,
      `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Nested', 'https://tpl.example/nested', $1, true)`,
      [sub],
    );
    const user = await createUser(db, { username: uniqueUsername('copier') });

    const first = await attempt<{ id: string }>(db, as(user), `select public.copy_template_category($1, $2)::text as id`, [t.id, user.id]);
    expect(first.error).toBeUndefined();
    const second = await attempt<{ id: string }>(db, as(user), `select public.copy_template_category($1, $2)::text as id`, [t.id, user.id]);
    expect(second.error).toBeUndefined();
    expect(second.rows[0].id).not.toBe(first.rows[0].id);

    const copies = await truth<{ id: string; name: string; is_template: boolean }>(
      db,
      'select id::text as id, name, is_template from public.categories where user_id = $1 and parent_category_id is null and name like $2 order by name',
      [user.id, `${t.name}%`],
    );
    expect(copies.map((c) => c.name)).toEqual([t.name, `${t.name} (2)`]);
    expect(copies.every((c) => !c.is_template)).toBe(true);
    for (const copy of copies) {
      expect(await truth(db, 'select title from public.links where category_id = $1 and user_id = $2', [copy.id, user.id])).toEqual([
        { title: 'Seed link' },
      ]);
      const [copiedSub] = await truth<{ id: string }>(
        db,
        `select id::text as id from public.categories where parent_category_id = $1 and name = 'Deeper' and user_id = $2`,
        [copy.id, user.id],
      );
      expect(await truth(db, 'select title from public.links where category_id = $1', [copiedSub.id])).toEqual([{ title: 'Nested' }]);
    }
    // The template itself is unchanged.
    expect(await truth(db, 'select 1 from public.links where category_id = $1 and is_template', [t.id])).toHaveLength(1);
  });
});

describe('template and settings icons in storage', () => {
  const insertObject = (actor: Actor, bucket: string, name: string) =>
    attempt(db, actor, `insert into storage.objects (bucket_id, name) values ($1, $2)`, [bucket, name]);

  it('a plain user cannot write, replace or remove icons under templates/ or settings/; an admin can', async () => {
    for (const folder of [`templates/${randomUUID()}`, `settings/general`]) {
      const name = `${folder}/${Date.now()}-${randomUUID().slice(0, 6)}.png`;
      const denied = await insertObject(as(plain), 'category-icons', name);
      expect(refused(denied)).toBe(true);
      expect(await objectExists('category-icons', name)).toBe(false);
      expect(refused(await insertObject(anon, 'category-icons', name))).toBe(true);

      const allowed = await insertObject(as(admin), 'category-icons', name);
      expect(allowed.error).toBeUndefined();
      expect(allowed.rowCount).toBe(1);

      const replace = await attempt(
        db,
        as(plain),
        `update storage.objects set name = $2 where bucket_id = 'category-icons' and name = $1`,
        [name, `${plain.id}/stolen.png`],
      );
      expect(refused(replace)).toBe(true);
      const remove = await attemptStorageDelete(db, as(plain), ['category-icons', name]);
      expect(refused(remove)).toBe(true);
      expect(await objectExists('category-icons', name)).toBe(true);

      expect((await attemptStorageDelete(db, as(admin), ['category-icons', name])).rowCount).toBe(1);
      expect(await objectExists('category-icons', name)).toBe(false);
    }
  });

  it("settings/ is listable by every signed-in user (the /settings page reads it); templates/ and others' folders stay owner-only", async () => {
    const settingsName = `settings/about/${randomUUID()}.png`;
    const templateName = `templates/${randomUUID()}/x.png`;
    const othersName = `${admin.id}/${randomUUID()}.png`;
    for (const name of [settingsName, templateName, othersName])
      await truth(db, `insert into storage.objects (bucket_id, name) values ('category-icons', $1)`, [name]);
    const listed = async (actor: Actor) =>
      (
        await attempt<{ name: string }>(
          db,
          actor,
          `select name from storage.objects where bucket_id = 'category-icons' and name = any($1::text[])`,
          [[settingsName, templateName, othersName]],
        )
      ).rows.map((r) => r.name);
    expect(await listed(as(plain))).toEqual([settingsName]);
    expect(await listed(anon)).toEqual([]);
    expect((await listed(as(admin))).sort()).toEqual([settingsName, templateName, othersName].sort());
  });

  it("settings_icons: everyone signed in reads the choice; only admins choose; a path outside the slug's folder is refused; removing the file forgets it", async () => {
    const path = `settings/billing/${randomUUID()}.png`;
    await truth(db, `insert into storage.objects (bucket_id, name) values ('category-icons', $1)`, [path]);

    const plainChoose = await attempt(
      db,
      as(plain),
      `insert into public.settings_icons (slug, path, updated_by) values ('billing', $1, $2)`,
      [path, plain.id],
    );
    expect(refused(plainChoose)).toBe(true);
    expect(await truth(db, `select 1 from public.settings_icons where slug = 'billing'`)).toEqual([]);

    const adminChoose = await attempt(
      db,
      as(admin),
      `insert into public.settings_icons (slug, path, updated_by) values ('billing', $1, $2)`,
      [path, admin.id],
    );
    expect(adminChoose.error).toBeUndefined();
    expect(adminChoose.rowCount).toBe(1);
    expect((await attempt(db, as(plain), `select path from public.settings_icons where slug = 'billing'`)).rows).toEqual([{ path }]);
    expect((await attempt(db, anon, `select path from public.settings_icons where slug = 'billing'`)).rows).toEqual([]);

    const plainUpdate = await attempt(
      db,
      as(plain),
      `update public.settings_icons set path = 'settings/billing/other.png', updated_by = $1 where slug = 'billing'`,
      [plain.id],
    );
    expect(refused(plainUpdate)).toBe(true);
    const plainDelete = await attempt(db, as(plain), `delete from public.settings_icons where slug = 'billing'`);
    expect(refused(plainDelete)).toBe(true);
    expect(await truth(db, `select path from public.settings_icons where slug = 'billing'`)).toEqual([{ path }]);

    const outside = await attempt(db, as(admin), `update public.settings_icons set path = $1, updated_by = $2 where slug = 'billing'`, [
      `${plain.id}/x.png`,
      admin.id,
    ]);
    expect(outside.error?.code).toBe('23514');
    const traversal = await attempt(
      db,
      as(admin),
      `update public.settings_icons set path = 'settings/billing/../../x.png', updated_by = $1 where slug = 'billing'`,
      [admin.id],
    );
    expect(traversal.error?.code).toBe('23514');

    expect((await attemptStorageDelete(db, service, ['category-icons', path])).rowCount).toBe(1);
    expect(await truth(db, `select 1 from public.settings_icons where slug = 'billing'`)).toEqual([]);
  });
});
