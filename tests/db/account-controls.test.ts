/**
 * The privacy page's "disable sharing/receiving" and "deactivate account" switches are
 * enforced by the database (migration 20261124130000), on every share path: shares to such an
 * account are suppressed (the sender gets the usual success), the account's own shares are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountControls, setDeactivated, setSharingDisabled } from '../../shared/data/account/api.ts';
import { errorToast } from '../../shared/data/errors.ts';
import { listIncomingShares } from '../../shared/data/incoming/api.ts';
import { saveLink } from '../../shared/data/links/api.ts';
import { setUsername } from '../../shared/data/profiles/api.ts';
import { shareLink } from '../../shared/data/shares/api.ts';
import { linkSchema } from '../../shared/schemas/link.ts';
import { shareFormSchema } from '../../shared/schemas/share.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser, readAsService, type DataUser } from '../integration/data-setup.ts';

let sender: DataUser;
let recipient: DataUser;
let other: DataUser;
let recipientName: string;
let senderName: string;

beforeAll(async () => {
  [sender, recipient, other] = await Promise.all([dataUser(), dataUser(), dataUser()]);
  recipientName = `rcv_${recipient.userId.slice(0, 8)}`;
  senderName = `snd_${sender.userId.slice(0, 8)}`;
  await setUsername(recipient.client, recipient.userId, recipientName);
  await setUsername(sender.client, sender.userId, senderName);
});
afterAll(async () => {
  await Promise.all([sender?.client.auth.signOut(), recipient?.client.auth.signOut(), other?.client.auth.signOut()]);
});

let counter = 0;
const newLink = async (user: DataUser) => {
  counter += 1;
  return (
    await saveLink(user.client, {
      input: linkSchema.parse({ title: `Acct ${counter}`, url: `acct-${counter}-${user.userId.slice(0, 6)}.example.com` }),
    })
  ).link;
};
const shareByUsername = (from: DataUser, linkId: string, username: string) =>
  shareLink(from.client, { linkId, form: shareFormSchema.parse({ shareType: 'username', recipient: username }) });
const shareByEmail = (from: DataUser, linkId: string, email: string) =>
  shareLink(from.client, { linkId, form: shareFormSchema.parse({ shareType: 'email', recipient: email }) });

async function suppressed(sharedLinkId: string): Promise<boolean> {
  const { data, error } = await serviceClient().from('suppressed_shares').select('shared_link_id').eq('shared_link_id', sharedLinkId);
  if (error) throw new Error(error.message);
  return (data ?? []).length === 1;
}

async function expectRefusedButSilent(state: 'sharing' | 'deactivated') {
  const byName = await newLink(sender);
  const byEmail = await newLink(sender);
  // The sender gets the same answer as any other share.
  await expect(shareByUsername(sender, byName.id, recipientName)).resolves.toMatchObject({ success: true });
  await expect(shareByEmail(sender, byEmail.id, recipient.email)).resolves.toMatchObject({ success: true });
  const rows = [
    ...(await readAsService('shared_links', 'link_id', byName.id)),
    ...(await readAsService('shared_links', 'link_id', byEmail.id)),
  ];
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    expect(row.recipient_user_id).toBe(recipient.userId);
    expect(await suppressed(row.id), `${state}: share ${row.id} suppressed`).toBe(true);
  }
  const incoming = await listIncomingShares(recipient.client, null);
  expect(incoming.map((i) => i.link_id)).not.toContain(byName.id);
  expect(incoming.map((i) => i.link_id)).not.toContain(byEmail.id);

  // The refusing account cannot share either.
  const own = await newLink(recipient);
  const refused = await shareByUsername(recipient, own.id, senderName).catch((e: unknown) => e);
  expect(refused).toMatchObject({ code: 'sharing_disabled', status: 403 });
  expect(errorToast('link.share', refused).description).toBe('Sharing is turned off in your privacy settings.');
  expect(await readAsService('shared_links', 'link_id', own.id)).toHaveLength(0);
  // Not even straight through REST, bypassing the function.
  const direct = await recipient.client
    .from('shared_links')
    .insert({ sender_id: recipient.userId, link_id: own.id, recipient_username: senderName })
    .select('id');
  expect(direct.error?.message).toBe('Sharing is turned off in your privacy settings.');
  expect(await readAsService('shared_links', 'link_id', own.id)).toHaveLength(0);
}

async function expectDelivered() {
  const link = await newLink(sender);
  await shareByUsername(sender, link.id, recipientName);
  const [row] = await readAsService('shared_links', 'link_id', link.id);
  expect(await suppressed(row.id)).toBe(false);
  expect((await listIncomingShares(recipient.client)).map((i) => i.link_id)).toContain(link.id);
}

describe('account controls (user_privacy_settings.sharing_disabled / deactivated_at)', () => {
  it('delivers normally while both switches are off', async () => {
    expect(await getAccountControls(recipient.client, recipient.userId)).toEqual({ sharing_disabled: false, deactivated_at: null });
    await expectDelivered();
  });

  it('sharing disabled: shares to the account are suppressed silently, its own shares refused; re-enabling delivers again', async () => {
    expect((await setSharingDisabled(recipient.client, recipient.userId, true)).sharing_disabled).toBe(true);
    await expectRefusedButSilent('sharing');
    await setSharingDisabled(recipient.client, recipient.userId, false);
    await expectDelivered();
  });

  it('deactivated: the same, flagged for the public page, and reactivation restores sharing', async () => {
    const row = await setDeactivated(recipient.client, recipient.userId, true);
    expect(row.deactivated_at).not.toBeNull();
    const flag = await serviceClient().rpc('account_deactivated', { check_user_id: recipient.userId });
    expect(flag.data).toBe(true);
    await expectRefusedButSilent('deactivated');
    expect((await setDeactivated(recipient.client, recipient.userId, false)).deactivated_at).toBeNull();
    expect((await serviceClient().rpc('account_deactivated', { check_user_id: recipient.userId })).data).toBe(false);
    await expectDelivered();
  });

  it('only the owner can flip the switches (RLS), and clients cannot call the helpers', async () => {
    const attempt = await other.client
      .from('user_privacy_settings')
      .update({ sharing_disabled: true, deactivated_at: new Date().toISOString() })
      .eq('user_id', recipient.userId)
      .select('user_id');
    expect(attempt.data ?? []).toHaveLength(0);
    const anonAttempt = await other.client
      .from('user_privacy_settings')
      .insert({ user_id: recipient.userId, sharing_disabled: true })
      .select('user_id');
    expect(anonAttempt.error?.code).toBe('42501');
    const [stored] = await readAsService('user_privacy_settings', 'user_id', recipient.userId);
    expect(stored).toMatchObject({ sharing_disabled: false, deactivated_at: null });
    const rpc = await other.client.rpc('account_refuses_shares', { check_user_id: recipient.userId });
    expect(rpc.error?.code).toBe('42501');
    const objects = await other.client.rpc('account_storage_objects', { target_user_id: recipient.userId });
    expect(objects.error?.code).toBe('42501');
  });
});
