import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { RESERVED_SLUGS } from '../../shared/rules/slug.ts';
import { anon, as, attempt, createUser, run, truth, uniqueUsername, type Actor, type TestUser } from './harness.ts';

// Issue 14: the studio's saved theme/accent, reserved URL names refused by the server, exclusive
// members added by e-mail, and get_public_page_by_slug carrying the page's theme.

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
    // One list on the server (issue 19's _reserved_names), letter for letter the client's.
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
  it('the owner adds a member by e-mail or @username; the member then sees the page, others do not', async () => {
    const owner = await newUser('Owner');
    const member = await newUser('Member');
    const other = await newUser('Other');
    await q(
      as(owner),
      'update public.user_privacy_settings set public_page_published = true, public_page_visibility = $2 where user_id = $1',
      [owner.id, 'exclusive'],
    );
    const page = async (actor: Actor) =>
      (await q(actor, 'select reason, bio from public.get_public_page_by_slug($1)', [owner.username]))[0];
    expect(await page(as(member))).toMatchObject({ reason: 'exclusive' });
    const [{ v: id }] = await q(as(owner), 'select public.add_page_member($1) as v', [member.email.toUpperCase()]);
    expect(id).toBeTruthy();
    expect(await page(as(member))).toMatchObject({ reason: 'ok' });
    expect(await page(as(other))).toMatchObject({ reason: 'exclusive', bio: null });
    expect(await page(anon)).toMatchObject({ reason: 'exclusive' });
    // '@name' works too, and adding twice is one row.
    await q(as(owner), 'select public.add_page_member($1) as v', ['@' + member.username]);
    expect(await truth(db, 'select count(*)::int as n from public.public_page_members where owner_id = $1', [owner.id])).toEqual([
      { n: 1 },
    ]);
    expect((await attempt(db, as(owner), 'select public.add_page_member($1) as v', ['nobody@example.invalid'])).error).toMatchObject({
      code: 'PT404',
    });
    expect((await attempt(db, as(owner), 'select public.add_page_member($1) as v', [owner.email])).error).toMatchObject({ code: '22023' });
    expect((await attempt(db, anon, 'select public.add_page_member($1) as v', [member.username])).error).toBeTruthy();
    // Another user cannot remove the owner's member row (0 rows), the owner can.
    expect(await q(as(other), 'delete from public.public_page_members where id = $1 returning id', [id])).toEqual([]);
    expect(await q(as(owner), 'delete from public.public_page_members where id = $1 returning id', [id])).toHaveLength(1);
    expect(await page(as(member))).toMatchObject({ reason: 'exclusive' });
  });
});
