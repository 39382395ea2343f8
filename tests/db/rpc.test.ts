import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../supabase/local/db/index.ts';
import {
  anon,
  as,
  attempt,
  createUser,
  makeAdmin,
  openMigratedPglite,
  run,
  systemCategory,
  truth,
  uniqueName,
  uniqueUsername,
  type Actor,
  type TestUser,
} from './harness.ts';

// What the schema, triggers and RPCs do for their rightful callers (the security matrix is rls.test.ts).

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openMigratedPglite());
});
afterAll(async () => close?.());

// Rows of many shapes: a statement's rows are `Row` unless the test reads into them (then `q<Shape>`).
type Row = Record<string, unknown>;
/** A links row (the columns these tests read). */
interface LinkRow {
  id: string;
  url: string;
  title: string;
  user_id: string | null;
  category_id: string;
  second_category_id: string | null;
  access_count: number;
}
/** What save_link, copy_link and the accept/reject RPCs answer. */
interface SaveOutcome {
  outcome: string;
  link: LinkRow;
  category_created?: boolean;
}
type Id = { id: string };
/** Runs as `actor`; throws on an error (use `attempt` to inspect errors). */
async function q<T = Row>(actor: Actor, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await run(db, actor, (tx) => tx.query<T>(sql, params))).rows;
}
async function errorOf(actor: Actor, sql: string, params: unknown[] = []): Promise<{ code: string; message: string } | undefined> {
  return (await attempt(db, actor, sql, params)).error;
}
const url = () => `https://example.com/${randomUUID()}`;
async function newUser(first = 'Test'): Promise<TestUser> {
  return createUser(db, { firstName: first, username: uniqueUsername(first.toLowerCase()) });
}
async function newFolder(user: TestUser, name = uniqueName('folder'), parent: string | null = null): Promise<string> {
  return (
    await q<Id>(as(user), 'insert into public.categories (user_id, name, parent_category_id) values ($1, $2, $3) returning id', [
      user.id,
      name,
      parent,
    ])
  )[0].id;
}
async function saveLink(
  user: TestUser,
  args: { title?: string; url: string; folder?: string | null; newFolder?: string; id?: string },
): Promise<SaveOutcome> {
  const rows = await q<{ v: SaveOutcome }>(as(user), 'select public.save_link($1, $2, $3, $4, $5, $6, $7) as v', [
    args.title ?? 'A link',
    args.url,
    null,
    args.folder ?? null,
    args.newFolder ?? null,
    null,
    args.id ?? null,
  ]);
  return rows[0].v;
}

describe('sign-up trigger and profile rules', () => {
  it('creates the profile, the four system folders, privacy and appearance defaults', async () => {
    const u = await createUser(db, { firstName: 'Grace', lastName: 'Hopper' });
    const [p] = await q(as(u), 'select * from public.profiles where user_id = $1', [u.id]);
    expect(p).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: u.email,
      icon_outline_color: '#3b82f6',
      email_visible: true,
      name_visible: true,
      username: null,
    });
    const cats = await q(
      as(u),
      'select c.name, c.is_default, c.system_key, p.name as parent from public.categories c left join public.categories p on p.id = c.parent_category_id where c.user_id = $1 order by c.display_order, c.name',
      [u.id],
    );
    expect(cats).toEqual(
      expect.arrayContaining([
        { name: 'Recently Saved Links', is_default: true, system_key: 'saved', parent: null },
        { name: 'Recently Received Links (Incoming)', is_default: true, system_key: 'incoming', parent: null },
        { name: 'APPROVED', is_default: true, system_key: 'approved', parent: 'Recently Received Links (Incoming)' },
        { name: 'REJECTED', is_default: true, system_key: 'rejected', parent: 'Recently Received Links (Incoming)' },
      ]),
    );
    expect(cats).toHaveLength(4);
    expect(await q(as(u), 'select public_page_published, public_page_visibility from public.user_privacy_settings')).toEqual([
      { public_page_published: false, public_page_visibility: 'private' },
    ]);
    expect(await q(as(u), 'select theme, accent_hsl, density from public.user_appearance_settings')).toEqual([
      { theme: 'dark', accent_hsl: '222.2 47.4% 11.2%', density: 'comfortable' },
    ]);
    expect(await truth(db, 'select count(*)::int as n from public.password_history where user_id = $1', [u.id])).toEqual([{ n: 1 }]);
  });

  it('keeps profiles.email in sync with auth.users and keeps the last 5 password hashes', async () => {
    const u = await newUser();
    await db.query('update auth.users set email = $2 where id = $1', [u.id, 'New.Address@Example.test']);
    expect((await q(as(u), 'select email from public.profiles'))[0].email).toBe('new.address@example.test');
    for (let i = 0; i < 7; i++) await db.query('update auth.users set encrypted_password = $2 where id = $1', [u.id, `$2a$10$hash${i}`]);
    const hashes = await truth<{ password_hash: string }>(
      db,
      'select password_hash from public.password_history where user_id = $1 order by created_at desc, id desc',
      [u.id],
    );
    expect(hashes).toHaveLength(5);
    expect(hashes.map((h) => h.password_hash)).toContain('$2a$10$hash6');
  });

  it('lets a user change only their flags, username, slug and outline colour', async () => {
    const u = await newUser();
    const name = uniqueUsername('Mixed');
    const updated = await q(
      as(u),
      'update public.profiles set email_visible = false, username = $2, icon_outline_color = $3 where user_id = $1 returning username',
      [u.id, name, '#10b981'],
    );
    expect(updated).toEqual([{ username: name }]);
    expect((await errorOf(as(u), `update public.profiles set first_name = 'Eve' where user_id = $1`, [u.id]))?.code).toBe('42501');
    expect((await errorOf(as(u), `update public.profiles set email = 'x@y.test' where user_id = $1`, [u.id]))?.code).toBe('42501');
    // Recorded in the history the name-email page shows.
    await q(as(u), 'update public.profiles set username = $2 where user_id = $1', [u.id, `${name}_2`]);
    const [last] = await q(
      as(u),
      'select old_username, new_username from public.username_change_history order by changed_at desc, id desc limit 1',
    );
    expect(last).toEqual({ old_username: name, new_username: `${name}_2` });
  });

  it("usernames are unique case-insensitively and well-formed; slugs too, and a slug cannot take another user's username", async () => {
    const a = await newUser('Ann');
    const b = await newUser('Ben');
    expect(
      (await errorOf(as(b), 'update public.profiles set username = $2 where user_id = $1', [b.id, a.username!.toUpperCase()]))?.code,
    ).toBe('23505');
    expect((await errorOf(as(b), 'update public.profiles set username = $2 where user_id = $1', [b.id, 'no spaces allowed']))?.code).toBe(
      '23514',
    );
    expect((await errorOf(as(b), 'update public.profiles set username = $2 where user_id = $1', [b.id, 'ab']))?.code).toBe('23514');
    expect((await errorOf(as(b), 'update public.profiles set public_page_slug = $2 where user_id = $1', [b.id, a.username]))?.code).toBe(
      '23505',
    );
    const slug = uniqueUsername('slug');
    await q(as(a), 'update public.profiles set public_page_slug = $2 where user_id = $1', [a.id, slug]);
    expect(
      (await errorOf(as(b), 'update public.profiles set public_page_slug = $2 where user_id = $1', [b.id, slug.toUpperCase()]))?.code,
    ).toBe('23505');
    expect((await errorOf(as(b), 'update public.profiles set username = $2 where user_id = $1', [b.id, slug]))?.code).toBe('23505');

    expect((await q(as(b), 'select public.is_slug_available($1) as v', [slug]))[0].v).toBe(false);
    expect((await q(as(a), 'select public.is_slug_available($1) as v', [slug]))[0].v).toBe(true);
    expect((await q(as(b), 'select public.is_slug_available($1) as v', [a.username]))[0].v).toBe(false);
    expect((await q(as(b), 'select public.is_slug_available($1) as v', [uniqueUsername('free')]))[0].v).toBe(true);
    expect((await q(as(b), 'select public.is_slug_available($1) as v', ['bad slug!']))[0].v).toBe(false);
    expect((await q(as(b), 'select public.is_username_available($1) as v', [a.username!.toUpperCase()]))[0].v).toBe(false);
    expect((await q(as(a), 'select public.is_username_available($1) as v', [a.username]))[0].v).toBe(true);
    expect((await q(as(b), 'select public.is_username_available($1) as v', [uniqueUsername('free')]))[0].v).toBe(true);
  });

  it('search_usernames: at least 2 characters, at most 5 rows, names hidden when the user hid them', async () => {
    const prefix = `zz${randomUUID().slice(0, 6)}`;
    const users: TestUser[] = [];
    for (let i = 0; i < 7; i++) users.push(await createUser(db, { firstName: `F${i}`, lastName: `L${i}`, username: `${prefix}_${i}` }));
    await db.query('update public.profiles set name_visible = false where user_id = $1', [users[1].id]);
    const caller = await newUser();
    const rows = await q(as(caller), 'select * from public.search_usernames($1)', [prefix.toUpperCase()]);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({ username: `${prefix}_0`, first_name: 'F0', last_name: 'L0' });
    expect(rows[1]).toEqual({ username: `${prefix}_1`, first_name: null, last_name: null });
    expect(await q(as(caller), 'select * from public.search_usernames($1)', ['z'])).toEqual([]);
    expect(await q(as(caller), 'select * from public.search_usernames($1)', ['%%'])).toEqual([]);
    // The caller never suggests themselves.
    expect(await q(as(users[0]), 'select * from public.search_usernames($1)', [`${prefix}_0`])).toEqual([]);
  });
});

describe('categories and links', () => {
  it('category names are unique per owner and parent (23505), and deleting a folder deletes its subfolders and links', async () => {
    const u = await newUser();
    const top = await newFolder(u, 'Work');
    expect((await errorOf(as(u), 'insert into public.categories (user_id, name) values ($1, $2)', [u.id, 'work']))?.code).toBe('23505');
    const sub = await newFolder(u, 'Work', top);
    const saved = await systemCategory(db, u, 'saved');
    await q(as(u), 'insert into public.links (user_id, title, url, category_id, second_category_id) values ($1, $2, $3, $4, $5)', [
      u.id,
      'in top',
      url(),
      saved,
      top,
    ]);
    await q(as(u), 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [u.id, 'in sub', url(), sub]);
    const kept = (
      await q<Id>(as(u), 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4) returning id', [
        u.id,
        'elsewhere',
        url(),
        saved,
      ])
    )[0].id;
    const del = await q(as(u), 'delete from public.categories where id = $1 returning id', [top]);
    expect(del).toHaveLength(1);
    expect(await q(as(u), 'select id from public.categories where id = any($1::uuid[])', [[top, sub]])).toEqual([]);
    expect((await q(as(u), 'select id from public.links where user_id = $1', [u.id])).map((r) => r.id)).toEqual([kept]);
  });

  it('default folders cannot be renamed or deleted by their owner', async () => {
    const u = await newUser();
    const saved = await systemCategory(db, u, 'saved');
    expect((await attempt(db, as(u), `update public.categories set name = 'x' where id = $1`, [saved])).rowCount).toBe(0);
    expect((await attempt(db, as(u), 'delete from public.categories where id = $1', [saved])).rowCount).toBe(0);
    expect(await truth(db, 'select name from public.categories where id = $1', [saved])).toEqual([{ name: 'Recently Saved Links' }]);
  });

  it('stores http(s) URLs only', async () => {
    const u = await newUser();
    const saved = await systemCategory(db, u, 'saved');
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example', 'https://']) {
      expect(
        (
          await errorOf(as(u), 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
            u.id,
            't',
            bad,
            saved,
          ])
        )?.code,
      ).toBe('23514');
    }
  });

  it('save_link: primary is Recently Saved Links, the chosen folder is secondary, a known URL is updated', async () => {
    const u = await newUser();
    const saved = await systemCategory(db, u, 'saved');
    const folder = await newFolder(u);
    const first = await saveLink(u, { title: 'Docs', url: 'example.org/docs', folder });
    expect(first.outcome).toBe('inserted');
    expect(first.link).toMatchObject({ url: 'https://example.org/docs', category_id: saved, second_category_id: folder, user_id: u.id });

    const again = await saveLink(u, { title: 'Docs v2', url: 'https://example.org/docs', folder: saved });
    expect(again.outcome).toBe('updated_existing');
    expect(again.link).toMatchObject({ id: first.link.id, title: 'Docs v2', category_id: saved, second_category_id: null });

    const created = await saveLink(u, { title: 'New', url: url(), newFolder: 'Reading list' });
    expect(created.category_created).toBe(true);
    const reused = await saveLink(u, { title: 'New 2', url: url(), newFolder: 'reading LIST' });
    expect(reused.category_created).toBe(false);
    expect(reused.link.second_category_id).toBe(created.link.second_category_id);

    const edited = await saveLink(u, { title: 'Edited', url: 'https://example.org/edited', id: first.link.id });
    expect(edited.outcome).toBe('updated');
    expect(edited.link).toMatchObject({ id: first.link.id, title: 'Edited', url: 'https://example.org/edited' });
    expect((await errorOf(as(u), 'select public.save_link($1, $2) as v', ['', 'https://x.example']))?.message).toBe('Title is required');
    expect((await errorOf(as(u), 'select public.save_link($1, $2) as v', ['t', 'not a url']))?.message).toBe('Please enter a valid URL');
  });

  it('move_link swaps created_at with a neighbour and moves to the beginning or end with 60 s', async () => {
    const u = await newUser();
    const folder = await newFolder(u);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await saveLink(u, { title: `L${i}`, url: url(), folder })).link.id);
    const times = async () =>
      Object.fromEntries(
        (await q<{ id: string; created_at: string | Date }>(as(u), 'select id, created_at from public.links')).map((r) => [
          r.id,
          new Date(r.created_at).getTime(),
        ]),
      );
    await db.query(`update public.links set created_at = now() - (interval '1 hour' * $2) where id = $1`, [ids[0], 3]);
    await db.query(`update public.links set created_at = now() - (interval '1 hour' * $2) where id = $1`, [ids[1], 2]);
    await db.query(`update public.links set created_at = now() - (interval '1 hour' * $2) where id = $1`, [ids[2], 1]);
    const t0 = await times();
    const swapped = await q(as(u), 'select id from public.move_link($1, $2, $3)', [ids[0], 'left', ids[1]]);
    expect(swapped).toHaveLength(2);
    const t1 = await times();
    expect(t1[ids[0]]).toBe(t0[ids[1]]);
    expect(t1[ids[1]]).toBe(t0[ids[0]]);
    await q(as(u), 'select id from public.move_link($1, $2, null, $3)', [ids[0], 'beginning', folder]);
    expect((await times())[ids[0]]).toBe(t0[ids[2]] + 60_000);
    await q(as(u), 'select id from public.move_link($1, $2, null, $3)', [ids[2], 'end', folder]);
    expect((await times())[ids[2]]).toBe(t0[ids[0]] - 60_000);
    expect((await errorOf(as(u), 'select * from public.move_link($1, $2)', [ids[0], 'sideways']))?.code).toBe('22023');
  });

  it('increment_link_access counts opens of own and template links', async () => {
    const u = await newUser();
    const { link } = await saveLink(u, { url: url() });
    expect((await q(as(u), 'select public.increment_link_access($1) as v', [link.id]))[0].v).toBe(1);
    expect((await q(as(u), 'select public.increment_link_access($1) as v', [link.id]))[0].v).toBe(2);
    const [tpl] = await q<LinkRow>(as(u), 'select id, access_count from public.links where is_template limit 1');
    expect((await q(as(u), 'select public.increment_link_access($1) as v', [tpl.id]))[0].v).toBe(tpl.access_count + 1);
  });

  it('copy_link: exists -> replace on request, same URL elsewhere is moved, otherwise inserted', async () => {
    const u = await newUser();
    const folder = await newFolder(u);
    const other = await newFolder(u);
    const [tpl] = await q<LinkRow>(as(u), 'select * from public.links where is_template limit 1');
    const inserted = (await q<{ v: SaveOutcome }>(as(u), 'select public.copy_link($1, $2) as v', [tpl.id, folder]))[0].v;
    expect(inserted.outcome).toBe('inserted');
    expect(inserted.link).toMatchObject({ url: tpl.url, second_category_id: folder, template_source_id: tpl.id, is_template: false });
    expect((await q<{ v: SaveOutcome }>(as(u), 'select public.copy_link($1, $2) as v', [tpl.id, folder]))[0].v.outcome).toBe('exists');
    expect((await q<{ v: SaveOutcome }>(as(u), 'select public.copy_link($1, $2, true) as v', [tpl.id, folder]))[0].v.outcome).toBe(
      'replaced',
    );
    const moved = (await q<{ v: SaveOutcome }>(as(u), 'select public.copy_link($1, $2) as v', [tpl.id, other]))[0].v;
    expect(moved.outcome).toBe('moved');
    expect(moved.link).toMatchObject({ id: inserted.link.id, second_category_id: other });
  });
});

describe('sharing and the incoming folder', () => {
  it('a recipient sees the share and the link, accepts it into a folder (APPROVED as second category)', async () => {
    const a = await newUser('Sender');
    const r = await newUser('Recipient');
    const { link } = await saveLink(a, { title: 'Great read', url: url() });
    const [share] = await q<Id>(
      as(a),
      'insert into public.shared_links (sender_id, link_id, recipient_username, message) values ($1, $2, $3, $4) returning id',
      [a.id, link.id, r.username!.toUpperCase(), 'look'],
    );
    // recipient_user_id is the server's: the sender cannot read it (it would tell whether an address has an account).
    expect((await truth(db, 'select recipient_user_id from public.shared_links where id = $1', [share.id]))[0]).toEqual({
      recipient_user_id: r.id,
    });
    expect((await errorOf(as(a), 'select recipient_user_id from public.shared_links where id = $1', [share.id]))?.code).toBe('42501');
    expect((await truth(db, 'select share_count from public.links where id = $1', [link.id]))[0]).toEqual({ share_count: 1 });
    // The spec's incoming query: by recipient_username, joined to links.
    const incoming = await q(
      as(r),
      'select s.id, l.title from public.shared_links s join public.links l on l.id = s.link_id where lower(s.recipient_username) = lower($1)',
      [r.username],
    );
    expect(incoming).toEqual([{ id: share.id, title: 'Great read' }]);
    expect((await q(as(r), 'select public.pending_incoming_count() as v'))[0].v).toBe(1);
    const [item] = await q(as(r), 'select * from public.list_incoming_shares()');
    expect(item).toMatchObject({
      shared_link_id: share.id,
      title: 'Great read',
      sender_name: `Sender ${a.email.slice(5, 13)}`,
      // Shared by username: the sender's e-mail is not the recipient's to see.
      sender_email: null,
      status: 'pending',
      message: 'look',
    });
    // Shared to the recipient's e-mail address: the sender's e-mail shows (they wrote to an address).
    const { link: mailed } = await saveLink(a, { url: url() });
    const [byMail] = await q<Id>(
      as(a),
      'insert into public.shared_links (sender_id, link_id, recipient_email) values ($1, $2, $3) returning id',
      [a.id, mailed.id, r.email],
    );
    const mailedItem = (
      await q<{ shared_link_id: string; sender_email: string | null }>(as(r), 'select * from public.list_incoming_shares()')
    ).find((i) => i.shared_link_id === byMail.id);
    expect(mailedItem?.sender_email).toBe(a.email);
    expect((await truth(db, 'delete from public.shared_links where id = $1 returning id', [byMail.id])).length).toBe(1);

    // Sharing twice with the same recipient: 23505 'duplicate key ...'.
    const dup = await errorOf(as(a), 'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3)', [
      a.id,
      link.id,
      r.username,
    ]);
    expect(dup?.code).toBe('23505');
    expect(dup?.message).toContain('duplicate key');

    const dest = await newFolder(r, 'From friends');
    const accepted = (await q<{ v: SaveOutcome }>(as(r), 'select public.accept_incoming_share($1, $2) as v', [share.id, dest]))[0].v;
    expect(accepted.outcome).toBe('inserted');
    expect(accepted.link).toMatchObject({
      user_id: r.id,
      url: link.url,
      category_id: dest,
      second_category_id: await systemCategory(db, r, 'approved'),
    });
    expect(
      (
        await q(as(r), 'select status, moved_to_category_id, accepted_at is not null as at from public.shared_links where id = $1', [
          share.id,
        ])
      )[0],
    ).toEqual({ status: 'accepted', moved_to_category_id: dest, at: true });
    expect((await q(as(r), 'select public.pending_incoming_count() as v'))[0].v).toBe(0);
  });

  it('accept: same URL in the chosen folder is updated, same URL elsewhere is moved', async () => {
    const a = await newUser('Sender');
    const r = await newUser('Recipient');
    const dest = await newFolder(r);
    const shared = url();
    const { link } = await saveLink(a, { title: 'Fresh title', url: shared });
    const mine = (await saveLink(r, { title: 'Old title', url: shared, folder: dest })).link;
    const s1 = (
      await q<Id>(as(a), 'insert into public.shared_links (sender_id, link_id, recipient_email) values ($1, $2, $3) returning id', [
        a.id,
        link.id,
        r.email,
      ])
    )[0].id;
    const updated = (await q<{ v: SaveOutcome }>(as(r), 'select public.accept_incoming_share($1, $2) as v', [s1, dest]))[0].v;
    expect(updated).toMatchObject({ outcome: 'updated', link: { id: mine.id, title: 'Fresh title', category_id: dest } });

    const elsewhere = url();
    const { link: l2 } = await saveLink(a, { url: elsewhere });
    const mine2 = (await saveLink(r, { url: elsewhere })).link;
    const s2 = (
      await q<Id>(as(a), 'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3) returning id', [
        a.id,
        l2.id,
        r.username,
      ])
    )[0].id;
    const moved = (await q<{ v: SaveOutcome }>(as(r), 'select public.accept_incoming_share($1, $2) as v', [s2, dest]))[0].v;
    expect(moved).toMatchObject({ outcome: 'moved', link: { id: mine2.id, category_id: dest } });
  });

  it('reject keeps a copy in REJECTED and marks the share rejected (the sender sees it); approve_link moves it to APPROVED', async () => {
    const a = await newUser('Sender');
    const r = await newUser('Recipient');
    const { link } = await saveLink(a, { url: url() });
    const s = (
      await q<Id>(as(a), 'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3) returning id', [
        a.id,
        link.id,
        r.username,
      ])
    )[0].id;
    const rejected = (await q<{ v: SaveOutcome }>(as(r), 'select public.reject_incoming_share($1) as v', [s]))[0].v;
    expect(rejected.outcome).toBe('inserted');
    expect(rejected.link.category_id).toBe(await systemCategory(db, r, 'rejected'));
    expect(await truth(db, 'select status from public.shared_links where id = $1', [s])).toEqual([{ status: 'rejected' }]);
    // The sender reads the outcome; the recipient's inbox no longer lists it.
    expect(await q(as(a), 'select status from public.shared_links where id = $1', [s])).toEqual([{ status: 'rejected' }]);
    expect(
      (await q<{ shared_link_id: string }>(as(r), 'select * from public.list_incoming_shares()')).map((i) => i.shared_link_id),
    ).not.toContain(s);
    expect((await q(as(r), 'select public.pending_incoming_count() as v'))[0].v).toBe(0);
    const [approved] = await q<LinkRow>(as(r), 'select * from public.approve_link($1)', [rejected.link.id]);
    expect(approved.category_id).toBe(await systemCategory(db, r, 'approved'));
  });

  it('shares to an e-mail reach the account created later; senders cannot rewrite a share; blocks are normalised', async () => {
    const a = await newUser('Sender');
    const email = `later-${randomUUID().slice(0, 8)}@example.test`;
    const { link } = await saveLink(a, { url: url() });
    const [s] = await q<Id>(
      as(a),
      'insert into public.shared_links (sender_id, link_id, recipient_email) values ($1, $2, $3) returning id',
      [a.id, link.id, email.toUpperCase()],
    );
    expect((await truth(db, 'select recipient_user_id from public.shared_links where id = $1', [s.id]))[0]).toEqual({
      recipient_user_id: null,
    });
    const r = await createUser(db, { email });
    expect(await q(as(r), 'select id from public.shared_links')).toEqual([{ id: s.id }]);
    expect((await truth(db, 'select recipient_user_id from public.shared_links where id = $1', [s.id]))[0]).toEqual({
      recipient_user_id: r.id,
    });
    // The sender cannot change the status or the recipient; the recipient can record a status.
    expect((await attempt(db, as(a), `update public.shared_links set status = 'accepted' where id = $1`, [s.id])).rowCount).toBe(0);
    expect((await errorOf(as(a), `update public.shared_links set recipient_email = 'x@y.test' where id = $1`, [s.id]))?.code).toBe('42501');
    expect((await attempt(db, as(r), `update public.shared_links set status = 'rejected' where id = $1`, [s.id])).rowCount).toBe(1);

    await q(as(r), 'insert into public.blocked_senders (blocked_by, blocked_email) values ($1, $2)', [r.id, `  ${a.email.toUpperCase()} `]);
    expect((await q(as(r), 'select blocked_email from public.blocked_senders'))[0].blocked_email).toBe(a.email);
    expect(
      (await errorOf(as(r), 'insert into public.blocked_senders (blocked_by, blocked_phone) values ($1, $2)', [r.id, '12-34']))?.code,
    ).toBe('23514');
    // Blocking does not take back what was delivered before it.
    expect(await q(as(r), 'select id from public.shared_links')).toEqual([{ id: s.id }]);
  });
});

describe('blocked senders: a share is recorded for the sender but never delivered', () => {
  const SHARE_SQL =
    'insert into public.shared_links (sender_id, link_id, recipient_username, recipient_email, message) values ($1, $2, $3, $4, $5) returning id';
  /** Everything the recipient could read of a share or its link. */
  async function recipientReads(r: TestUser, shareId: string, linkId: string) {
    return {
      rows: await q(
        as(r),
        'select id from public.shared_links where id = $1 or link_id = $2 or lower(recipient_username) = lower($3) or lower(recipient_email) = lower($4)',
        [shareId, linkId, r.username ?? '', r.email],
      ),
      link: await q(as(r), 'select id from public.links where id = $1', [linkId]),
      incoming: (await q(as(r), 'select shared_link_id from public.list_incoming_shares(null)')).filter(
        (i) => i.shared_link_id === shareId,
      ),
      pending: (await q<{ v: number }>(as(r), 'select public.pending_incoming_count() as v'))[0].v,
      delivered: (await q<{ v: boolean }>(as(r), 'select public.receives_share($1) as v', [shareId]))[0].v,
      sharedWithMe: (await q<{ v: boolean }>(as(r), 'select public.link_shared_with_me($1) as v', [linkId]))[0].v,
    };
  }
  /** Reads, then everything the recipient could do with it (all refused or a no-op when suppressed). */
  async function recipientView(r: TestUser, shareId: string, linkId: string) {
    const dest = await systemCategory(db, r, 'saved');
    return {
      ...(await recipientReads(r, shareId, linkId)),
      accept: await errorOf(as(r), 'select public.accept_incoming_share($1, $2)', [shareId, dest]),
      reject: await errorOf(as(r), 'select public.reject_incoming_share($1)', [shareId]),
      copy: await errorOf(as(r), 'select public.copy_link($1, $2)', [linkId, dest]),
      update: (await attempt(db, as(r), `update public.shared_links set status = 'accepted' where id = $1`, [shareId])).rowCount,
      delete: (await attempt(db, as(r), 'delete from public.shared_links where id = $1', [shareId])).rowCount,
      marks: await errorOf(as(r), 'select * from public.suppressed_shares'),
    };
  }
  const NOTHING = {
    rows: [],
    link: [],
    incoming: [],
    pending: 0,
    delivered: false,
    sharedWithMe: false,
    accept: { code: 'PT404', message: 'Shared link not found.' },
    reject: { code: 'PT404', message: 'Shared link not found.' },
    copy: { code: 'PT404', message: 'Link not found.' },
    update: 0,
    delete: 0,
    marks: { code: '42501', message: 'permission denied for table suppressed_shares' },
  };
  /** What the sender can read about their share (all but ids, times and the recipient, which always differ). */
  async function senderView(a: TestUser, shareId: string) {
    // Every column the sender may read (not recipient_user_id: it would tell whether an address has an account).
    const [row] = await q(
      as(a),
      'select id, sender_id, link_id, shared_at, recipient_email, recipient_phone, recipient_username, social_platform, social_handle, message, status, accepted_at, moved_to_category_id from public.shared_links where id = $1',
      [shareId],
    );
    const [outgoing] = await q(
      as(a),
      'select s.status, s.message, l.share_count, l.title from public.shared_links s join public.links l on l.id = s.link_id where s.id = $1',
      [shareId],
    );
    const same = Object.fromEntries(
      Object.entries(row).filter(
        ([k]) => !['id', 'link_id', 'shared_at', 'recipient_user_id', 'recipient_username', 'recipient_email'].includes(k),
      ),
    );
    return {
      columns: Object.keys(row).sort(),
      same,
      resolved: row.recipient_user_id !== null,
      outgoing,
      delivered: (await q<{ v: boolean }>(as(a), 'select public.receives_share($1) as v', [shareId]))[0].v,
    };
  }

  it('blocked by username, e-mail or phone: the sender sees exactly what a normal share shows, share_count +1, duplicate key on repeat', async () => {
    const a = await newUser('Sender');
    await db.query('update public.profiles set phone = $2 where user_id = $1', [a.id, '+15550102030']);
    const friend = await newUser('Friend');
    const byName = await newUser('Blocker');
    const byMail = await newUser('Blocker');
    const byPhone = await newUser('Blocker');
    await q(as(byName), 'insert into public.blocked_senders (blocked_by, blocked_username) values ($1, $2)', [
      byName.id,
      a.username!.toUpperCase(),
    ]);
    await q(as(byMail), 'insert into public.blocked_senders (blocked_by, blocked_email) values ($1, $2)', [
      byMail.id,
      a.email.toUpperCase(),
    ]);
    await q(as(byPhone), 'insert into public.blocked_senders (blocked_by, blocked_phone) values ($1, $2)', [byPhone.id, '1 555-010-2030']);

    const { link: normalLink } = await saveLink(a, { title: 'Same', url: url() });
    const normal = (await q<Id>(as(a), SHARE_SQL, [a.id, normalLink.id, friend.username, null, 'hi']))[0].id;
    const expected = await senderView(a, normal);
    expect(expected).toMatchObject({
      resolved: true,
      outgoing: { status: 'pending', message: 'hi', share_count: 1, title: 'Same' },
      delivered: false,
    });
    // Control: the same reads show a delivered share.
    expect(await recipientReads(friend, normal, normalLink.id)).toEqual({
      rows: [{ id: normal }],
      link: [{ id: normalLink.id }],
      incoming: [{ shared_link_id: normal }],
      pending: 1,
      delivered: true,
      sharedWithMe: true,
    });

    for (const [blocker, how] of [
      [byName, 'username'],
      [byMail, 'email'],
      [byPhone, 'username'],
    ] as const) {
      const { link } = await saveLink(a, { title: 'Same', url: url() });
      const args =
        how === 'email' ? [a.id, link.id, null, blocker.email.toUpperCase(), 'hi'] : [a.id, link.id, blocker.username, null, 'hi'];
      const suppressed = (await q<Id>(as(a), SHARE_SQL, args))[0].id;
      // Recorded: the sender's view equals the normal share's; share_count went up by one.
      expect(await senderView(a, suppressed)).toEqual(expected);
      expect((await truth(db, 'select recipient_user_id from public.shared_links where id = $1', [suppressed]))[0].recipient_user_id).toBe(
        blocker.id,
      );
      expect(await truth(db, 'select shared_link_id from public.suppressed_shares where shared_link_id = $1', [suppressed])).toEqual([
        { shared_link_id: suppressed },
      ]);
      // A repeat is refused exactly like a repeat of a normal share.
      const dup = await errorOf(as(a), SHARE_SQL, args);
      expect(dup?.code).toBe('23505');
      expect(dup?.message).toContain('duplicate key');
      // The sender cannot read the mark, through the table or a helper.
      expect(await errorOf(as(a), 'select * from public.suppressed_shares')).toEqual(NOTHING.marks);
      expect(await errorOf(as(a), 'select public.is_share_recipient($1, null, null)', [a.id])).toMatchObject({ code: '42501' });
      // Never delivered: nothing of it reaches the blocker, and nothing of theirs changed.
      expect(await recipientView(blocker, suppressed, link.id)).toEqual(NOTHING);
      expect(await truth(db, 'select status, accepted_at from public.shared_links where id = $1', [suppressed])).toEqual([
        { status: 'pending', accepted_at: null },
      ]);
    }
    // The friend still has exactly the one delivered share.
    expect((await q(as(friend), 'select shared_link_id from public.list_incoming_shares()')).map((i) => i.shared_link_id)).toEqual([
      normal,
    ]);
  });

  it("withdrawing a suppressed share removes it and its mark; deleting the sender's link too", async () => {
    const a = await newUser('Sender');
    const r = await newUser('Blocker');
    await q(as(r), 'insert into public.blocked_senders (blocked_by, blocked_username) values ($1, $2)', [r.id, a.username]);
    const { link } = await saveLink(a, { url: url() });
    const s1 = (await q<Id>(as(a), SHARE_SQL, [a.id, link.id, r.username, null, null]))[0].id;
    expect((await attempt(db, as(a), 'delete from public.shared_links where id = $1', [s1])).rowCount).toBe(1);
    expect(await truth(db, 'select * from public.suppressed_shares where shared_link_id = $1', [s1])).toEqual([]);
    const s2 = (await q<Id>(as(a), SHARE_SQL, [a.id, link.id, r.username, null, null]))[0].id;
    expect(await truth(db, 'select shared_link_id from public.suppressed_shares where shared_link_id = $1', [s2])).toHaveLength(1);
    expect((await attempt(db, as(a), 'delete from public.links where id = $1', [link.id])).rowCount).toBe(1);
    expect(await truth(db, 'select * from public.suppressed_shares where shared_link_id = $1', [s2])).toEqual([]);
  });

  it('a refused or conflicting insert leaves no mark behind', async () => {
    const a = await newUser('Sender');
    const r = await newUser('Blocker');
    await q(as(r), 'insert into public.blocked_senders (blocked_by, blocked_username) values ($1, $2)', [r.id, a.username]);
    const { link } = await saveLink(a, { url: url() });
    await q(as(a), SHARE_SQL, [a.id, link.id, r.username, null, null]);
    const marks = async () => (await truth<{ n: number }>(db, 'select count(*)::int as n from public.suppressed_shares'))[0].n;
    const before = await marks();
    expect(
      (
        await attempt(db, as(a), `${SHARE_SQL.replace(' returning id', '')} on conflict do nothing`, [
          a.id,
          link.id,
          r.username,
          null,
          null,
        ])
      ).rowCount,
    ).toBe(0);
    expect(await marks()).toBe(before);
  });

  it('shares waiting for an e-mail or username are not delivered to an account that blocked the sender', async () => {
    const a = await newUser('Sender');
    const r = await newUser('Blocker');
    await q(as(r), 'insert into public.blocked_senders (blocked_by, blocked_email) values ($1, $2)', [r.id, a.email]);
    const later = `later-${randomUUID().slice(0, 8)}@example.test`;
    const futureName = uniqueUsername('future');
    const { link: l1 } = await saveLink(a, { url: url() });
    const { link: l2 } = await saveLink(a, { url: url() });
    const byMail = (await q<Id>(as(a), SHARE_SQL, [a.id, l1.id, null, later, null]))[0].id;
    // A username nobody has is refused, not kept for whoever takes the name later (that would hand them the share).
    expect((await errorOf(as(a), SHARE_SQL, [a.id, l2.id, futureName, null, null]))?.code).toBe('PT404');
    // The blocker takes the username, then the e-mail address: the waiting share stays undelivered.
    await q(as(r), 'update public.profiles set username = $2 where user_id = $1', [r.id, futureName]);
    await db.query('update auth.users set email = $2 where id = $1', [r.id, later]);
    const claimed = await truth(
      db,
      'select s.recipient_user_id, x.shared_link_id is not null as suppressed from public.shared_links s left join public.suppressed_shares x on x.shared_link_id = s.id where s.id = $1',
      [byMail],
    );
    expect(claimed).toEqual([{ recipient_user_id: r.id, suppressed: true }]);
    expect(await recipientView({ ...r, username: futureName, email: later }, byMail, l1.id)).toEqual(NOTHING);
    // Control: the same waiting share reaches a new account that blocked nobody.
    const { link: l3 } = await saveLink(a, { url: url() });
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.test`;
    const waiting = (await q<Id>(as(a), SHARE_SQL, [a.id, l3.id, null, fresh, null]))[0].id;
    const f = await createUser(db, { email: fresh });
    expect((await q(as(f), 'select shared_link_id from public.list_incoming_shares()')).map((i) => i.shared_link_id)).toEqual([waiting]);
  });
});

describe('templates', () => {
  it('seed: curated folders with subfolders and real https links, owned by nobody', async () => {
    const u = await newUser();
    const folders = await q(
      as(u),
      'select name, user_id from public.categories where is_template and parent_category_id is null order by display_order',
    );
    expect(folders.map((f) => f.name)).toEqual(['Developer Tools', 'News', 'Learning', 'Design', 'Productivity']);
    expect(folders.every((f) => f.user_id === null)).toBe(true);
    const links = await q<{ url: string }>(as(u), 'select url from public.links where is_template');
    expect(links.length).toBeGreaterThanOrEqual(25);
    expect(links.every((l) => /^https:\/\//.test(l.url))).toBe(true);
  });

  it('copy_template_category copies subfolders and links; a second copy gets a new name; admins may target others', async () => {
    const u = await newUser();
    const [dev] = await q<Id>(as(u), `select id from public.categories where is_template and name = 'Developer Tools'`);
    const copyId = (await q<{ v: string }>(as(u), 'select public.copy_template_category($1, $2) as v', [dev.id, u.id]))[0].v;
    const tree = await q(
      as(u),
      `select c.name, c.is_template, c.user_id, (select count(*)::int from public.links l where l.category_id = c.id) as links
      from public.categories c where c.id = $1 or c.parent_category_id = $1 order by c.parent_category_id nulls first`,
      [copyId],
    );
    expect(tree).toEqual([
      { name: 'Developer Tools', is_template: false, user_id: u.id, links: 5 },
      { name: 'Docs & References', is_template: false, user_id: u.id, links: 4 },
    ]);
    const second = (await q<{ v: string }>(as(u), 'select public.copy_template_category($1, $2) as v', [dev.id, u.id]))[0].v;
    expect((await q(as(u), 'select name from public.categories where id = $1', [second]))[0].name).toBe('Developer Tools (2)');

    const admin = await newUser('Admin');
    await makeAdmin(db, admin);
    const target = await newUser();
    const forTarget = (await q<{ v: string }>(as(admin), 'select public.copy_template_category($1, $2) as v', [dev.id, target.id]))[0].v;
    expect((await q(as(target), 'select user_id from public.categories where id = $1', [forTarget]))[0].user_id).toBe(target.id);
  });

  it('only admins create, edit and delete templates', async () => {
    const admin = await newUser('Admin');
    await makeAdmin(db, admin);
    const [cat] = await q<Id>(
      as(admin),
      `insert into public.categories (user_id, name, is_template, display_order) values (null, $1, true, 9) returning id`,
      [uniqueName('Tpl')],
    );
    const [link] = await q<Id>(
      as(admin),
      `insert into public.links (user_id, title, url, category_id, is_template) values (null, 'Tpl link', 'https://tpl.example', $1, true) returning id`,
      [cat.id],
    );
    expect(await q(as(admin), `update public.links set title = 'Renamed' where id = $1 returning title`, [link.id])).toEqual([
      { title: 'Renamed' },
    ]);
    const user = await newUser();
    expect(await q(as(user), 'select title from public.links where id = $1', [link.id])).toEqual([{ title: 'Renamed' }]);
    expect((await attempt(db, as(user), 'delete from public.categories where id = $1', [cat.id])).rowCount).toBe(0);
    expect(await q(as(admin), 'delete from public.categories where id = $1 returning id', [cat.id])).toHaveLength(1);
    expect(await truth(db, 'select id from public.links where id = $1', [link.id])).toEqual([]);
  });
});

describe('backgrounds', () => {
  it('set_default_background flips is_default within one scope; admin backgrounds are readable fallbacks', async () => {
    const u = await newUser();
    const ins = async (name: string) =>
      (
        await q<Id>(
          as(u),
          `insert into public.user_backgrounds (user_id, background_url, background_name) values ($1, $2, $3) returning id`,
          [u.id, `https://cdn.example.test/${randomUUID()}.png`, name],
        )
      )[0].id;
    const b1 = await ins('banner');
    const b2 = await ins('banner');
    const d1 = await ins('dashboard');
    await q(as(u), 'select * from public.set_default_background($1)', [d1]);
    await q(as(u), 'select * from public.set_default_background($1)', [b1]);
    await q(as(u), 'select * from public.set_default_background($1)', [b2]);
    const rows = Object.fromEntries(
      (await q<{ id: string; is_default: boolean }>(as(u), 'select id, is_default from public.user_backgrounds')).map((r) => [
        r.id,
        r.is_default,
      ]),
    );
    expect(rows).toEqual({ [b1]: false, [b2]: true, [d1]: true });

    const admin = await newUser('Admin');
    await makeAdmin(db, admin);
    const [adminBg] = await q<Id>(
      as(admin),
      `insert into public.user_backgrounds (user_id, background_url, background_name, is_default) values ($1, 'https://cdn.example.test/default.png', 'dashboard', true) returning id`,
      [admin.id],
    );
    expect(await q(as(u), 'select id from public.user_backgrounds where user_id = $1', [admin.id])).toEqual([{ id: adminBg.id }]);
    expect((await attempt(db, as(u), 'delete from public.user_backgrounds where id = $1', [adminBg.id])).rowCount).toBe(0);
    const [chosen] = await q(as(u), 'select * from public.set_default_background($1)', [adminBg.id]);
    expect(chosen).toMatchObject({
      user_id: u.id,
      background_url: 'https://cdn.example.test/default.png',
      background_name: 'dashboard',
      is_default: true,
    });
    expect((await q(as(u), 'select is_default from public.user_backgrounds where id = $1', [d1]))[0].is_default).toBe(false);
  });
});

describe('public pages', () => {
  it("get_public_page_by_slug: the spec's unavailable reasons, owner/admin/member access, no private data", async () => {
    const owner = await newUser('Owner');
    const slug = uniqueUsername('page');
    await q(as(owner), 'update public.profiles set public_page_slug = $2 where user_id = $1', [owner.id, slug]);
    await q(
      as(owner),
      `insert into public.webpage_settings (user_id, bio, message_titles) values ($1, 'Hello there', array['One','Two'])`,
      [owner.id],
    );
    const page = async (actor: Actor, s = slug) => (await q(actor, 'select * from public.get_public_page_by_slug($1)', [s]))[0];
    const setPrivacy = (published: boolean, visibility: string) =>
      q(as(owner), 'update public.user_privacy_settings set public_page_published = $2, public_page_visibility = $3 where user_id = $1', [
        owner.id,
        published,
        visibility,
      ]);
    const visitor = await newUser('Visitor');

    expect(await page(anon)).toMatchObject({ reason: 'unpublished', viewable: false, user_id: null, bio: null, slug });
    expect(await page(as(owner))).toMatchObject({
      reason: 'ok',
      viewable: true,
      is_owner: true,
      bio: 'Hello there',
      banner_message: 'Welcome to my page.',
      profile_section_title: 'Profile',
    });
    await setPrivacy(true, 'private');
    expect(await page(as(visitor))).toMatchObject({ reason: 'private', bio: null });
    await setPrivacy(true, 'exclusive');
    expect(await page(as(visitor))).toMatchObject({ reason: 'exclusive', bio: null });
    expect(await page(anon)).toMatchObject({ reason: 'exclusive' });
    expect((await q(as(owner), 'select public.add_page_member($1) as v', [visitor.username]))[0].v).toBeTruthy();
    expect(await page(as(visitor))).toMatchObject({ reason: 'ok', bio: 'Hello there', is_owner: false });
    expect(await q(as(owner), 'select username from public.list_page_members()')).toEqual([{ username: visitor.username }]);
    await setPrivacy(true, 'public');
    expect(await page(anon)).toMatchObject({ reason: 'ok', user_id: owner.id, username: owner.username, message_titles: ['One', 'Two'] });
    await setPrivacy(false, 'public');
    const admin = await newUser('Admin');
    await makeAdmin(db, admin);
    expect(await page(as(admin))).toMatchObject({ reason: 'ok' });
    expect(await page(anon, uniqueUsername('nobody'))).toMatchObject({ reason: 'not_found', viewable: false });
    expect(await page(anon, 'bad slug!')).toMatchObject({ reason: 'not_found' });
    // No e-mail or phone is ever part of the page.
    expect(Object.keys(await page(as(owner)))).not.toContain('email');
    // The username works as the page address when no slug matches.
    await setPrivacy(true, 'public');
    // (`?? ''`, not `!`: an omitted slug would fall back to the page's slug and pass without the username.)
    expect(await page(anon, owner.username ?? '')).toMatchObject({ reason: 'ok', user_id: owner.id });
  });

  it('webpage_settings limits: 7 message boxes (title 60, text 255), banner 120, 6 images, http(s) links only', async () => {
    const u = await newUser();
    const ins = (cols: string, vals: string) =>
      errorOf(as(u), `insert into public.webpage_settings (user_id, ${cols}) values ($1, ${vals})`, [u.id]);
    expect(await ins('message_boxes', `array['1','2','3','4','5','6','7','8']`)).toMatchObject({ code: '23514' });
    expect(await ins('message_boxes', `array[repeat('x', 256)]`)).toMatchObject({ code: '23514' });
    expect(await ins('message_titles', `array[repeat('x', 61)]`)).toMatchObject({ code: '23514' });
    expect(await ins('banner_message', `repeat('x', 121)`)).toMatchObject({ code: '23514' });
    expect(await ins('message_image_paths', `array['a','b','c','d','e','f','g']`)).toMatchObject({ code: '23514' });
    expect(await ins('website_url', `'javascript:alert(1)'`)).toMatchObject({ code: '23514' });
    expect(await ins('main_photo_size', `'huge'`)).toMatchObject({ code: '23514' });
    expect(
      await ins('message_boxes, message_titles, banner_message', `array[repeat('x', 255)], array[repeat('t', 60)], repeat('b', 120)`),
    ).toBeUndefined();
    // Upsert keyed by user, as the studio saves.
    await q(
      as(u),
      `insert into public.webpage_settings (user_id, bio) values ($1, 'v2') on conflict (user_id) do update set bio = excluded.bio`,
      [u.id],
    );
    expect((await q(as(u), 'select bio from public.webpage_settings'))[0].bio).toBe('v2');
  });

  it("appearance and privacy settings accept only the spec's values", async () => {
    const u = await newUser();
    expect(await errorOf(as(u), `update public.user_appearance_settings set theme = 'neon' where user_id = $1`, [u.id])).toMatchObject({
      code: '23514',
    });
    expect(await errorOf(as(u), `update public.user_appearance_settings set density = 'tiny' where user_id = $1`, [u.id])).toMatchObject({
      code: '23514',
    });
    expect(await errorOf(as(u), `update public.user_appearance_settings set accent_hsl = 'red' where user_id = $1`, [u.id])).toMatchObject({
      code: '23514',
    });
    expect(
      await errorOf(as(u), `update public.user_privacy_settings set public_page_visibility = 'friends' where user_id = $1`, [u.id]),
    ).toMatchObject({ code: '23514' });
    await q(
      as(u),
      `insert into public.user_appearance_settings (user_id, theme, accent_hsl, density) values ($1, 'gray', '160 84% 39%', 'compact') on conflict (user_id) do update set theme = excluded.theme, accent_hsl = excluded.accent_hsl, density = excluded.density`,
      [u.id],
    );
    expect((await q(as(u), 'select theme, accent_hsl, density from public.user_appearance_settings'))[0]).toEqual({
      theme: 'gray',
      accent_hsl: '160 84% 39%',
      density: 'compact',
    });
  });
});

describe('server-only pieces', () => {
  it('e-mail change codes: hashed, single use, 5 wrong attempts at most, 3 per hour', async () => {
    const u = await newUser();
    const [req] = await q<{ request_id: string }>({ kind: 'service' }, 'select * from public.create_email_change_request($1, $2, $3)', [
      u.id,
      'Next@Example.test',
      '123456',
    ]);
    // Valid 5 minutes from its creation: read from the row, not against the test's clock.
    expect(
      await truth(
        db,
        'select extract(epoch from expires_at - created_at)::int as valid_seconds from public.email_change_requests where id = $1',
        [req.request_id],
      ),
    ).toEqual([{ valid_seconds: 300 }]);
    expect(
      (await truth(db, 'select code_hash from public.email_change_requests where id = $1', [req.request_id]))[0].code_hash,
    ).not.toContain('123456');
    const confirm = async (code: string) =>
      (await q({ kind: 'service' }, 'select public.confirm_email_change_code($1, $2) as v', [u.id, code]))[0].v;
    expect(await confirm('000000')).toEqual({ ok: false, error: 'invalid_code' });
    expect(await confirm('123456')).toEqual({ ok: true, new_email: 'next@example.test' });
    expect(await confirm('123456')).toEqual({ ok: false, error: 'no_request' });

    await q({ kind: 'service' }, 'select * from public.create_email_change_request($1, $2, $3)', [u.id, 'n2@example.test', '222222']);
    for (let i = 0; i < 5; i++) await confirm('999999');
    expect(await confirm('222222')).toEqual({ ok: false, error: 'too_many_attempts' });
    await q({ kind: 'service' }, 'select * from public.create_email_change_request($1, $2, $3)', [u.id, 'n3@example.test', '333333']);
    const limited = await attempt(db, { kind: 'service' }, 'select * from public.create_email_change_request($1, $2, $3)', [
      u.id,
      'n4@example.test',
      '444444',
    ]);
    expect(limited.error?.message).toBe('Too many verification codes requested. Please try again later.');
    await db.query(`update public.email_change_requests set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    expect(await confirm('333333')).toEqual({ ok: false, error: 'expired' });
  });

  it('admin_grant / admin_revoke / admin_list by e-mail (service role)', async () => {
    const u = await newUser();
    expect((await q({ kind: 'service' }, 'select public.admin_grant($1) as v', [u.email.toUpperCase()]))[0].v).toBe(u.id);
    expect((await q(as(u), 'select public.is_admin() as v'))[0].v).toBe(true);
    expect((await q({ kind: 'service' }, 'select * from public.admin_list()')).map((r) => r.email)).toContain(u.email);
    expect((await q({ kind: 'service' }, 'select public.admin_revoke($1) as v', [u.email]))[0].v).toBe(true);
    expect((await q(as(u), 'select public.is_admin() as v'))[0].v).toBe(false);
    expect((await attempt(db, { kind: 'service' }, 'select public.admin_grant($1) as v', ['nobody@example.test'])).error?.code).toBe(
      'PT404',
    );
  });

  it('deleting an account deletes everything of theirs', async () => {
    const a = await newUser('Gone');
    const r = await newUser('Stays');
    const { link } = await saveLink(a, { url: url(), newFolder: 'Temp' });
    await q(as(a), 'insert into public.shared_links (sender_id, link_id, recipient_username) values ($1, $2, $3)', [
      a.id,
      link.id,
      r.username,
    ]);
    // History rows are the ai-chat function's to write (the service role).
    await q({ kind: 'service' }, `insert into public.ai_chat_history (user_id, message) values ($1, 'hi')`, [a.id]);
    await db.query('delete from auth.users where id = $1', [a.id]);
    const left = await truth<{ n: number }>(
      db,
      `select
      (select count(*) from public.profiles where user_id = $1) + (select count(*) from public.categories where user_id = $1)
      + (select count(*) from public.links where user_id = $1) + (select count(*) from public.shared_links where sender_id = $1)
      + (select count(*) from public.ai_chat_history where user_id = $1) + (select count(*) from public.user_privacy_settings where user_id = $1)
      + (select count(*) from public.user_appearance_settings where user_id = $1) + (select count(*) from public.password_history where user_id = $1) as n`,
      [a.id],
    );
    expect(Number(left[0].n)).toBe(0);
    expect((await q(as(r), 'select public.pending_incoming_count() as v'))[0].v).toBe(0);
  });
});
