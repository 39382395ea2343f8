import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { RESERVED_SLUGS } from '../../shared/rules/slug.ts';
import { anon, as, attempt, createUser, run, truth, uniqueUsername, type Actor, type TestUser } from './harness.ts';

// The public-page studio on the server: the saved theme/accent, reserved URL names refused by the
// server (not just the form), exclusive members (by username, or an e-mail invitation the person
// accepts), and get_public_page_by_slug
// carrying the page's theme.

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
const newUser = (first = 'Studio'): Promise<TestUser> =>
  createUser(db, { firstName: first, username: uniqueUsername(first.toLowerCase()) });

describe('studio theme and accent', () => {
  it('saves light/dark/neon/pastel and a #rrggbb accent, refuses anything else, and the public page returns them', async () => {
    const u = await newUser();
    await q(as(u), `insert into public.webpage_settings (user_id, theme_mode, accent_color) values ($1, 'neon', '#ff00aa')`, [u.id]);
    expect(
      (await attempt(db, as(u), `update public.webpage_settings set theme_mode = 'gray' where user_id = $1`, [u.id])).error,
    ).toMatchObject({ code: '23514' });
    expect(
      (await attempt(db, as(u), `update public.webpage_settings set accent_color = 'red;}' where user_id = $1`, [u.id])).error,
    ).toMatchObject({ code: '23514' });
    expect(await truth(db, 'select theme_mode, accent_color from public.webpage_settings where user_id = $1', [u.id])).toEqual([
      { theme_mode: 'neon', accent_color: '#ff00aa' },
    ]);
    await q(as(u), 'update public.user_privacy_settings set public_page_published = true, public_page_visibility = $2 where user_id = $1', [
      u.id,
      'public',
    ]);
    const [page] = await q(anon, 'select * from public.get_public_page_by_slug($1)', [u.username]);
    expect(page).toMatchObject({ reason: 'ok', theme_mode: 'neon', accent_color: '#ff00aa' });
  });

  it('a page without webpage_settings still answers with defaults', async () => {
    const u = await newUser();
    await q(as(u), 'update public.user_privacy_settings set public_page_published = true, public_page_visibility = $2 where user_id = $1', [
      u.id,
      'public',
    ]);
    const [page] = await q(anon, 'select * from public.get_public_page_by_slug($1)', [u.username]);
    expect(page).toMatchObject({
      reason: 'ok',
      theme_mode: 'light',
      accent_color: '#3b82f6',
      banner_message: 'Welcome to my page.',
      bio_social_section_title: 'Bio & Social',
    });
    const [hidden] = await q(anon, 'select * from public.get_public_page_by_slug($1)', ['no_such_' + u.username!.slice(-8)]);
    expect(hidden).toMatchObject({ reason: 'not_found', theme_mode: null, accent_color: null });
  });

  it("a deactivated account's page answers not_found to visitors; the owner still sees it", async () => {
    const u = await newUser();
    const other = await newUser('Visitor');
    await q(as(u), 'update public.user_privacy_settings set public_page_published = true, public_page_visibility = $2 where user_id = $1', [
      u.id,
      'public',
    ]);
    expect((await q(anon, 'select reason from public.get_public_page_by_slug($1)', [u.username]))[0]).toEqual({ reason: 'ok' });
    await truth(db, 'update public.user_privacy_settings set deactivated_at = now() where user_id = $1', [u.id]);
    for (const visitor of [anon, as(other)]) {
      expect((await q(visitor, 'select reason, viewable, bio from public.get_public_page_by_slug($1)', [u.username]))[0]).toEqual({
        reason: 'not_found',
        viewable: false,
        bio: null,
      });
    }
    expect((await q(as(u), 'select reason from public.get_public_page_by_slug($1)', [u.username]))[0]).toEqual({ reason: 'ok' });
    await truth(db, 'update public.user_privacy_settings set deactivated_at = null where user_id = $1', [u.id]);
    expect((await q(anon, 'select reason from public.get_public_page_by_slug($1)', [u.username]))[0]).toEqual({ reason: 'ok' });
  });
});

describe('reserved URL names', () => {
  it('the SQL list equals RESERVED_SLUGS', async () => {
    for (const name of RESERVED_SLUGS) expect(await truth(db, 'select public.is_reserved_slug($1) as v', [name])).toEqual([{ v: true }]);
    expect(await truth(db, 'select public.is_reserved_slug($1) as v', ['Studio'])).toEqual([{ v: true }]);
    expect(await truth(db, 'select public.is_reserved_slug($1) as v', ['studios'])).toEqual([{ v: false }]);
    // One list on the server (_reserved_names), letter for letter the client's: the form and the
    // database must refuse the same names.
    const [{ names }] = await truth<{ names: string[] }>(db, 'select public._reserved_names() as names');
    expect([...names].sort()).toEqual([...RESERVED_SLUGS].sort());
    expect(await truth(db, 'select public.is_reserved_slug($1) as v', ['linkvault'])).toEqual([{ v: true }]);
  });

  it('refuses a route name as a slug on write (23514) and reports it unavailable; a normal name still saves', async () => {
    const u = await newUser();
    for (const name of ['dashboard', 'Settings', 'studio']) {
      expect(await q(as(u), 'select public.is_slug_available($1) as v', [name])).toEqual([{ v: false }]);
      const { error } = await attempt(db, as(u), 'update public.profiles set public_page_slug = $2 where user_id = $1', [u.id, name]);
      expect(error).toMatchObject({ code: '23514' });
    }
    expect(await truth(db, 'select public_page_slug from public.profiles where user_id = $1', [u.id])).toEqual([
      { public_page_slug: null },
    ]);
    const ok = uniqueUsername('page');
    expect(await q(as(u), 'select public.is_slug_available($1) as v', [ok])).toEqual([{ v: true }]);
    const rows = await q(as(u), 'update public.profiles set public_page_slug = $2 where user_id = $1 returning public_page_slug', [
      u.id,
      ok,
    ]);
    expect(rows).toEqual([{ public_page_slug: ok }]);
  });

  it("another user's username is not available as a slug", async () => {
    const a = await newUser('Alpha');
    const b = await newUser('Beta');
    expect(await q(as(b), 'select public.is_slug_available($1) as v', [a.username])).toEqual([{ v: false }]);
    const { error } = await attempt(db, as(b), 'update public.profiles set public_page_slug = $2 where user_id = $1', [b.id, a.username]);
    expect(error).toMatchObject({ code: '23505' });
  });
});

describe('exclusive members', () => {
  it('by @username a member is added at once; by e-mail it is an invitation the person accepts', async () => {
    const owner = await newUser('Owner');
    const member = await newUser('Member');
    const invitee = await newUser('Invitee');
    const other = await newUser('Other');
    await q(
      as(owner),
      'update public.user_privacy_settings set public_page_published = true, public_page_visibility = $2 where user_id = $1',
      [owner.id, 'exclusive'],
    );
    const page = async (actor: Actor) =>
      (await q(actor, 'select reason, bio from public.get_public_page_by_slug($1)', [owner.username]))[0];
    expect(await page(as(member))).toMatchObject({ reason: 'exclusive' });
    const [{ v: id }] = await q(as(owner), 'select public.add_page_member($1) as v', ['@' + member.username]);
    expect(id).toBeTruthy();
    expect(await page(as(member))).toMatchObject({ reason: 'ok' });
    expect(await page(as(other))).toMatchObject({ reason: 'exclusive', bio: null });
    expect(await page(anon)).toMatchObject({ reason: 'exclusive' });
    // Adding twice is one row.
    await q(as(owner), 'select public.add_page_member($1) as v', [member.username]);
    expect(await truth(db, 'select count(*)::int as n from public.public_page_members where owner_id = $1', [owner.id])).toEqual([
      { n: 1 },
    ]);
    expect((await attempt(db, as(owner), 'select public.add_page_member($1) as v', ['nobody_' + member.username])).error).toMatchObject({
      code: 'PT404',
    });
    expect((await attempt(db, as(owner), 'select public.add_page_member($1) as v', [owner.email])).error).toMatchObject({ code: '22023' });
    expect((await attempt(db, as(owner), 'select public.add_page_member($1) as v', ['not an@address'])).error).toMatchObject({
      code: '22023',
    });
    expect((await attempt(db, anon, 'select public.add_page_member($1) as v', [member.username])).error).toMatchObject({ code: '42501' });

    // By e-mail: an invitation, nothing looked up; the invitee sees nothing of the page until they accept.
    const [{ v: inviteId }] = await q(as(owner), 'select public.add_page_member($1) as v', [invitee.email.toUpperCase()]);
    expect(await page(as(invitee))).toMatchObject({ reason: 'exclusive' });
    const invitations = await q(as(invitee), 'select * from public.list_page_invitations()', []);
    expect(invitations.map(({ id: inviteeSees, owner_username, page_slug }) => ({ inviteeSees, owner_username, page_slug }))).toEqual([
      { inviteeSees: inviteId, owner_username: owner.username, page_slug: owner.username },
    ]);
    expect(await q(as(other), 'select * from public.list_page_invitations()', [])).toEqual([]);
    expect((await attempt(db, as(other), 'select public.respond_page_invitation($1, true)', [inviteId])).error).toMatchObject({
      code: 'PT404',
    });
    expect(await q(as(invitee), 'select public.respond_page_invitation($1, true) as v', [inviteId])).toEqual([{ v: true }]);
    expect(await page(as(invitee))).toMatchObject({ reason: 'ok' });
    expect(await q(as(invitee), 'select * from public.list_page_invitations()', [])).toEqual([]);

    // Another user cannot remove the owner's member row (0 rows), the owner can.
    expect(await q(as(other), 'delete from public.public_page_members where id = $1 returning id', [id])).toEqual([]);
    expect(await q(as(owner), 'delete from public.public_page_members where id = $1 returning id', [id])).toHaveLength(1);
    expect(await page(as(member))).toMatchObject({ reason: 'exclusive' });
  });

  it('no e-mail -> account lookup: the same answer for any address, and the list shows only what a member agreed to', async () => {
    const owner = await newUser('Owner');
    const registered = await newUser('Registered');
    const unregistered = `nobody-${uniqueUsername('x')}@example.invalid`;
    const withAccount = await attempt<{ v: string }>(db, as(owner), 'select public.add_page_member($1) as v', [registered.email]);
    const withoutAccount = await attempt<{ v: string }>(db, as(owner), 'select public.add_page_member($1) as v', [unregistered]);
    expect(withAccount.error).toBeUndefined();
    expect(withoutAccount.error).toBeUndefined();
    expect(typeof withAccount.rows[0].v).toBe(typeof withoutAccount.rows[0].v);
    const listed = await q(as(owner), 'select * from public.list_page_members() order by invited_email', []);
    expect(listed.map((m) => Object.keys(m).sort())).toEqual([
      ['created_at', 'id', 'invited_email', 'status', 'username'],
      ['created_at', 'id', 'invited_email', 'status', 'username'],
    ]);
    expect(listed.map(({ status, username, invited_email }) => ({ status, username, invited_email }))).toEqual(
      [
        { status: 'invited', username: null, invited_email: registered.email.toLowerCase() },
        { status: 'invited', username: null, invited_email: unregistered },
      ].sort((x, y) => (x.invited_email < y.invited_email ? -1 : 1)),
    );
    // The rows themselves hold no account for a pending invitation either.
    expect(
      await q(as(owner), 'select member_user_id from public.public_page_members where owner_id = $1 and member_user_id is not null', [
        owner.id,
      ]),
    ).toEqual([]);
    // Once accepted, the member shows their username (and still no name or id in the list).
    const [{ id: inviteId }] = await q(as(registered), 'select id from public.list_page_invitations()', []);
    await q(as(registered), 'select public.respond_page_invitation($1, true)', [inviteId]);
    const after = await q(as(owner), `select status, username from public.list_page_members() where status = 'member'`, []);
    expect(after).toEqual([{ status: 'member', username: registered.username }]);
    // A direct insert (any known account id) is refused: rows come only from the functions.
    const direct = await attempt(db, as(owner), 'insert into public.public_page_members (owner_id, member_user_id) values ($1, $2)', [
      owner.id,
      (await newUser('Target')).id,
    ]);
    expect(direct.error?.code).toBe('42501');
    // Declining removes the invitation.
    const third = await newUser('Third');
    await q(as(owner), 'select public.add_page_member($1)', [third.email]);
    const [{ id: declined }] = await q(as(third), 'select id from public.list_page_invitations()', []);
    expect(await q(as(third), 'select public.respond_page_invitation($1, false) as v', [declined])).toEqual([{ v: false }]);
    expect(await truth(db, 'select id from public.public_page_members where id = $1', [declined])).toEqual([]);
  });
});
