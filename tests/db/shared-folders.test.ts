import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { anon, as, attempt, createUser, openMigratedPglite, truth, uniqueName, uniqueUsername, type TestUser } from './harness.ts';

// The shared-folder RPCs at the database: invitations by username and e-mail, blocks, roles, leaving.
describe('shared folders', () => {
  let db: Database;
  let close: () => Promise<void>;
  let owner: TestUser;
  let friend: TestUser;
  let other: TestUser;
  let folder: string;

  const call = async <T = Record<string, unknown>>(user: TestUser, sql: string, params: unknown[] = []) => {
    const o = await attempt<T>(db, as(user), sql, params);
    if (o.error) throw new Error(`${o.error.code}: ${o.error.message}`);
    return o.rows;
  };
  const invite = async (user: TestUser, to: string, role = 'viewer', target = folder) =>
    (await call<{ id: string }>(user, 'select public.invite_folder_member($1, $2, $3) as id', [target, to, role]))[0].id;
  const invitations = (user: TestUser) =>
    call<{ id: string; folder_name: string; owner_name: string; role: string }>(user, 'select * from public.list_folder_invitations()');
  const respond = (user: TestUser, id: string, accept: boolean) =>
    call(user, 'select public.respond_folder_invitation($1, $2)', [id, accept]);
  const sharedWith = (user: TestUser) =>
    call<{ folder_id: string; owner_name: string; role: string }>(user, 'select * from public.list_shared_folders()');

  beforeAll(async () => {
    ({ db, close } = await openMigratedPglite());
    owner = await createUser(db, { firstName: 'Olga', lastName: 'Owner', username: uniqueUsername('olga') });
    friend = await createUser(db, { firstName: 'Fred', username: uniqueUsername('fred') });
    other = await createUser(db, { firstName: 'Otto', username: uniqueUsername('otto') });
    folder = (
      await db.query<{ id: string }>('insert into public.categories (user_id, name) values ($1, $2) returning id::text as id', [
        owner.id,
        'Team reading',
      ])
    ).rows[0].id;
  });
  afterAll(async () => close?.());

  it('a username invitation is pending until accepted; then the folder is shared with its owner name and role', async () => {
    const id = await invite(owner, `@${friend.username}`, 'editor');
    expect(await sharedWith(friend)).toEqual([]);
    expect(await call(friend, 'select public.get_shared_folder($1) as f', [folder])).toEqual([{ f: null }]);
    const pending = await invitations(friend);
    expect(pending).toMatchObject([{ id, folder_name: 'Team reading', role: 'editor' }]);
    expect(pending[0].owner_name).toContain('Olga');
    await respond(friend, id, true);
    expect(await invitations(friend)).toEqual([]);
    expect(await sharedWith(friend)).toMatchObject([{ folder_id: folder, role: 'editor' }]);
    const [{ f }] = await call<{ f: { role: string; owner_id: string; folder: { name: string } } }>(
      friend,
      'select public.get_shared_folder($1) as f',
      [folder],
    );
    expect(f).toMatchObject({ role: 'editor', owner_id: owner.id, folder: { name: 'Team reading' } });
    // Inviting again answers with the same row.
    expect(await invite(owner, friend.username ?? '', 'editor')).toBe(id);
  });

  it('the owner lists members, changes a role, and nobody else can', async () => {
    const members = await call<{ id: string; status: string; username: string; role: string }>(
      owner,
      'select * from public.list_folder_members($1)',
      [folder],
    );
    expect(members).toMatchObject([{ status: 'member', username: friend.username, role: 'editor' }]);
    expect(await call(other, 'select * from public.list_folder_members($1)', [folder])).toEqual([]);
    const denied = await attempt(db, as(other), 'select public.set_folder_member_role($1, $2)', [members[0].id, 'viewer']);
    expect(denied.error?.code).toBe('PT404');
    await call(owner, 'select public.set_folder_member_role($1, $2)', [members[0].id, 'viewer']);
    expect(await sharedWith(friend)).toMatchObject([{ role: 'viewer' }]);
    // Back to editor for the next tests.
    await call(owner, 'select public.set_folder_member_role($1, $2)', [members[0].id, 'editor']);
  });

  it("nobody invites into someone else's folder; anon calls nothing", async () => {
    const o = await attempt(db, as(other), 'select public.invite_folder_member($1, $2, $3)', [folder, 'someone@example.test', 'viewer']);
    expect(o.error?.code).toBe('PT404');
    const a = await attempt(db, anon, 'select * from public.list_shared_folders()');
    expect(a.error?.code).toBe('42501');
    const unknown = await attempt(db, as(owner), 'select public.invite_folder_member($1, $2, $3)', [
      folder,
      uniqueUsername('nobody'),
      'viewer',
    ]);
    expect(unknown.error?.code).toBe('PT404');
  });

  it('an e-mail invitation answers the same for any address and binds only to the confirmed address', async () => {
    const unknownAddress = `${uniqueName('stranger')}@example.test`;
    const toStranger = await attempt(db, as(owner), 'select public.invite_folder_member($1, $2, $3) as id', [
      folder,
      unknownAddress,
      'viewer',
    ]);
    const toOther = await attempt(db, as(owner), 'select public.invite_folder_member($1, $2, $3) as id', [
      folder,
      other.email.toUpperCase(),
      'viewer',
    ]);
    expect(toStranger.error).toBeUndefined();
    expect(toOther.error).toBeUndefined();
    expect(Object.keys(toStranger.rows[0])).toEqual(Object.keys(toOther.rows[0]));
    const rows = await truth<{ invited_email: string; member_user_id: string | null }>(
      db,
      'select invited_email, member_user_id from public.folder_members where id = $1',
      [toOther.rows[0].id],
    );
    expect(rows).toEqual([{ invited_email: other.email.toLowerCase(), member_user_id: null }]);
    // Someone else cannot accept it.
    const stolen = await attempt(db, as(friend), 'select public.respond_folder_invitation($1, true)', [toOther.rows[0].id]);
    expect(stolen.error?.code).toBe('PT404');
    const [inv] = await invitations(other);
    expect(inv.role).toBe('viewer');
    await respond(other, inv.id, true);
    expect(await sharedWith(other)).toMatchObject([{ folder_id: folder, role: 'viewer' }]);
    // The viewer reads the folder's links, the editor adds one as the owner's.
    await call(friend, 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
      owner.id,
      'From Fred',
      'https://fred.example/',
      folder,
    ]);
    const seen = await call<{ title: string }>(other, 'select title from public.links where category_id = $1', [folder]);
    expect(seen.map((r) => r.title)).toContain('From Fred');
    const ownerCount = await truth<{ n: number }>(db, 'select count(*)::int as n from public.links where user_id = $1 and title = $2', [
      owner.id,
      'From Fred',
    ]);
    expect(ownerCount[0].n).toBe(1);
  });

  it('an invitee who blocked the owner never sees the invitation; the owner sees it pending', async () => {
    const blocker = await createUser(db, { firstName: 'Bea', username: uniqueUsername('bea') });
    await db.query('insert into public.blocked_senders (blocked_by, blocked_username) values ($1, $2)', [blocker.id, owner.username]);
    const id = await invite(owner, blocker.username ?? '', 'editor');
    expect(await invitations(blocker)).toEqual([]);
    const refused = await attempt(db, as(blocker), 'select public.respond_folder_invitation($1, true)', [id]);
    expect(refused.error?.code).toBe('PT404');
    const members = await call<{ id: string; status: string }>(owner, 'select * from public.list_folder_members($1)', [folder]);
    expect(members.find((m) => m.id === id)?.status).toBe('invited');
    expect(await sharedWith(blocker)).toEqual([]);
  });

  it('a member who leaves, or is removed, loses access at once', async () => {
    const linkRows = () => call(other, 'select id from public.links where category_id = $1', [folder]);
    expect((await linkRows()).length).toBeGreaterThan(0);
    const removed = await attempt(db, as(owner), 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
      folder,
      other.id,
    ]);
    expect(removed.rowCount).toBe(1);
    expect(await linkRows()).toEqual([]);
    expect(await call(other, 'select public.get_shared_folder($1) as f', [folder])).toEqual([{ f: null }]);
    const left = await attempt(db, as(friend), 'delete from public.folder_members where folder_id = $1 and member_user_id = $2', [
      folder,
      friend.id,
    ]);
    expect(left.rowCount).toBe(1);
    expect(await sharedWith(friend)).toEqual([]);
    const write = await attempt(db, as(friend), 'insert into public.links (user_id, title, url, category_id) values ($1, $2, $3, $4)', [
      owner.id,
      'late',
      'https://late.example/',
      folder,
    ]);
    expect(write.error?.code).toBe('42501');
  });
});
