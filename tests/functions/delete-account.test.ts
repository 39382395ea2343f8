/**
 * 'Delete my account' (delete-account function). Wrong confirmation or password changes
 * nothing; the right ones remove every row and stored object of the user (checked as the service
 * role) and the account itself, and leave other users' rows alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../shared/data/account/api.ts';
import { blockSender } from '../../shared/data/blocked/api.ts';
import { uploadBackground } from '../../shared/data/backgrounds/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { saveLink } from '../../shared/data/links/api.ts';
import { setUsername } from '../../shared/data/profiles/api.ts';
import { shareLink } from '../../shared/data/shares/api.ts';
import { blockSenderSchema } from '../../shared/schemas/block-sender.ts';
import { linkSchema } from '../../shared/schemas/link.ts';
import { shareFormSchema } from '../../shared/schemas/share.ts';
import { serviceClient, untypedClient } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser, pngFile, type DataUser } from '../integration/data-setup.ts';
import { callFunction } from './helpers.ts';

/** Every user-owned column of every table (all reference auth.users). */
const USER_COLUMNS: Array<[table: string, column: string]> = [
  ['profiles', 'user_id'],
  ['login_activity', 'user_id'],
  ['categories', 'user_id'],
  ['links', 'user_id'],
  ['shared_links', 'sender_id'],
  ['shared_links', 'recipient_user_id'],
  ['user_backgrounds', 'user_id'],
  ['user_roles', 'user_id'],
  ['ai_chat_history', 'user_id'],
  ['username_change_history', 'user_id'],
  ['blocked_senders', 'blocked_by'],
  ['user_appearance_settings', 'user_id'],
  ['user_privacy_settings', 'user_id'],
  ['webpage_settings', 'user_id'],
  ['password_history', 'user_id'],
  ['email_change_requests', 'user_id'],
  ['public_page_members', 'owner_id'],
  ['public_page_members', 'member_user_id'],
];

async function rowCounts(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // Tables picked at run time: the untyped client.
  const { url, serviceRoleKey } = testStack();
  const service = untypedClient(url, serviceRoleKey);
  for (const [table, column] of USER_COLUMNS) {
    const { count, error } = await service.from(table).select('*', { count: 'exact', head: true }).eq(column, userId);
    if (error) throw new Error(`${table}: ${error.message}`);
    counts[`${table}.${column}`] = count ?? 0;
  }
  return counts;
}

async function storedObjects(userId: string): Promise<Array<{ bucket_id: string; name: string }>> {
  const res = await serviceClient().rpc('account_storage_objects', { target_user_id: userId });
  if (res.error) throw new Error(res.error.message);
  return res.data;
}

let doomed: DataUser;
let friend: DataUser;

beforeAll(async () => {
  [doomed, friend] = await Promise.all([dataUser(), dataUser()]);
  await setUsername(doomed.client, doomed.userId, `gone_${doomed.userId.slice(0, 8)}`);
  await setUsername(friend.client, friend.userId, `stay_${friend.userId.slice(0, 8)}`);
  // Rows and files of every kind: links (with an uploaded icon), a background, a block, shares both ways.
  const { link } = await saveLink(doomed.client, { input: linkSchema.parse({ title: 'Mine', url: 'mine.example.com' }), icon: pngFile() });
  await uploadBackground(doomed.client, pngFile('bg.png'), { name: 'dashboard' });
  await blockSender(doomed.client, doomed.userId, blockSenderSchema.parse({ kind: 'email', value: 'Spam@Example.com' }));
  await shareLink(doomed.client, {
    linkId: link.id,
    form: shareFormSchema.parse({ shareType: 'username', recipient: `stay_${friend.userId.slice(0, 8)}` }),
  });
  const { link: friendLink } = await saveLink(friend.client, { input: linkSchema.parse({ title: 'Theirs', url: 'theirs.example.com' }) });
  await shareLink(friend.client, {
    linkId: friendLink.id,
    form: shareFormSchema.parse({ shareType: 'username', recipient: `gone_${doomed.userId.slice(0, 8)}` }),
  });
});
afterAll(async () => {
  await friend?.client.auth.signOut();
});

describe('delete-account', () => {
  it('refuses without the typed confirmation, without a session, and with a wrong password; nothing changes', async () => {
    const token = (await doomed.client.auth.getSession()).data.session!.access_token;
    const before = await rowCounts(doomed.userId);
    expect(before['links.user_id']).toBeGreaterThan(0);
    expect((await storedObjects(doomed.userId)).length).toBe(2);

    const noConfirm = await callFunction('delete-account', { token, body: { confirmation: 'delete me', password: doomed.password } });
    expect(noConfirm.status).toBe(400);
    const anon = await callFunction('delete-account', { body: { confirmation: 'DELETE', password: doomed.password } });
    expect(anon.status).toBe(401);
    const wrong = await deleteAccount(doomed.client, { confirmation: 'DELETE', password: 'not-the-password' }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ status: 403, code: 'wrong_password' });
    expect(errorToast('account.delete', wrong)).toEqual({ title: 'Could not delete account', description: 'Incorrect password' });

    expect(await rowCounts(doomed.userId)).toEqual(before);
    expect((await storedObjects(doomed.userId)).length).toBe(2);
  });

  it('with DELETE and the password: no row, no stored object and no account remain; other users keep theirs', async () => {
    const objects = await storedObjects(doomed.userId);
    const publicUrls = objects.map((o) => serviceClient().storage.from(o.bucket_id).getPublicUrl(o.name).data.publicUrl);
    for (const url of publicUrls) expect((await fetch(url)).status).toBe(200);
    const friendBefore = await rowCounts(friend.userId);

    const result = await deleteAccount(doomed.client, { confirmation: 'DELETE', password: doomed.password });
    expect(result).toMatchObject({ success: true, removed_files: 2 });

    const after = await rowCounts(doomed.userId);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await storedObjects(doomed.userId)).toEqual([]);
    for (const url of publicUrls) expect((await fetch(url)).status).toBe(404);
    const { data: user } = await serviceClient().auth.admin.getUserById(doomed.userId);
    expect(user.user).toBeNull();
    expect((await doomed.client.auth.getSession()).data.session).toBeNull();
    const signIn = await doomed.client.auth.signInWithPassword({ email: doomed.email, password: doomed.password });
    expect(signIn.error?.code).toBe('invalid_credentials');

    // The friend's links stay; both shares between them went with the deleted account.
    const friendAfter = await rowCounts(friend.userId);
    expect(friendAfter['links.user_id']).toBe(friendBefore['links.user_id']);
    expect(friendAfter['shared_links.sender_id']).toBe(0);
    expect(friendAfter['shared_links.recipient_user_id']).toBe(friendBefore['shared_links.recipient_user_id'] - 1);
  });
});
