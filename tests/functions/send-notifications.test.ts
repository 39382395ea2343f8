/**
 * E-mail notifications end to end on the real stack: a share reaching an account queues an outbox
 * row (triggers), send-notifications drains it into real mail (read from the mail catcher) at
 * once, in a daily digest, or not at all; the hourly limit rolls the rest into the digest; blocked
 * senders queue nothing; folder invitations; the signed one-click unsubscribe.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSTANT_EMAILS_PER_HOUR, UNSUBSCRIBE_PATH } from '../../shared/rules/notifications.ts';
import { createConfirmedUser, mailsTo, serviceClient, type CaughtMail, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { callFunction } from './helpers.ts';

const suffix = randomUUID().slice(0, 6);
const HOUR = 3600_000;

async function setUsername(u: ConfirmedUser, username: string) {
  const { error, count } = await u.client.from('profiles').update({ username }, { count: 'exact' }).eq('user_id', u.user.id);
  if (error || count !== 1) throw new Error(`set username: ${error?.message ?? count}`);
}

async function createLink(u: ConfirmedUser, title: string) {
  const { data: saved } = await u.client.from('categories').select('id').eq('user_id', u.user.id).eq('system_key', 'saved').single();
  const { data, error } = await u.client
    .from('links')
    .insert({ user_id: u.user.id, title, url: `https://example.com/${randomUUID()}`, category_id: saved!.id })
    .select('id, url, title')
    .single()
    .overrideTypes<{ id: string; url: string; title: string }, { merge: false }>();
  if (error) throw new Error(`create link: ${error.message}`);
  return data;
}

/** A share by username, inserted as the sender's client would (REST, no function). */
async function shareByUsername(sender: ConfirmedUser, username: string, title: string) {
  const link = await createLink(sender, title);
  const { error } = await sender.client
    .from('shared_links')
    .insert({ sender_id: sender.user.id, link_id: link.id, recipient_username: username, message: `About ${title}` });
  if (error) throw new Error(`share: ${error.message}`);
  return link;
}

async function outboxOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('notification_outbox')
    .select('kind, status, sent_via, rolled_over, shared_link_id')
    .eq('user_id', userId);
  if (error) throw new Error(error.message);
  return data;
}

const drain = (userId: string, at?: Date) =>
  callFunction<Record<string, number>>('send-notifications', {
    token: testStack().serviceRoleKey,
    body: { user_id: userId },
    headers: at ? { 'x-test-now': at.toISOString() } : {},
  });

const notificationMails = async (u: ConfirmedUser): Promise<CaughtMail[]> =>
  (await mailsTo(u.email)).filter((m) => m.headers['list-unsubscribe-post'] === 'List-Unsubscribe=One-Click');

/** The token of a mail's List-Unsubscribe URL. */
function tokenOf(mail: CaughtMail): string {
  const url = /<([^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in ${JSON.stringify(mail.headers)}`);
  return new URL(url).searchParams.get('token')!;
}

let alice: ConfirmedUser;
beforeAll(async () => {
  alice = await createConfirmedUser({ firstName: 'Alice', lastName: 'Notifier' });
  await setUsername(alice, `alice_n_${suffix}`);
});

async function recipient(name: string): Promise<ConfirmedUser> {
  const u = await createConfirmedUser({ firstName: name, lastName: 'Recipient' });
  await setUsername(u, `${name.toLowerCase()}_n_${suffix}`);
  return u;
}

describe('send-notifications', () => {
  it('only the service role may run it', async () => {
    const bert = await recipient('Bert');
    const res = await callFunction('send-notifications', { token: bert.accessToken, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only the server can send notifications.');
    expect((await callFunction('send-notifications', { token: testStack().serviceRoleKey, body: { user_id: 'x' } })).status).toBe(400);
  });

  it('at once (the default): one e-mail per share with the one-click unsubscribe headers', async () => {
    const bob = await recipient('Bob');
    const link = await shareByUsername(alice, `bob_n_${suffix}`, 'Instant page');
    expect(await outboxOf(bob.user.id)).toMatchObject([{ kind: 'share', status: 'pending' }]);
    expect((await drain(bob.user.id)).body).toMatchObject({ instant: 1, digests: 0 });
    const [mail] = await notificationMails(bob);
    expect(mail.subject).toBe('New link from Alice Notifier: Instant page');
    expect(mail.text).toContain(link.url);
    expect(mail.text).toContain('About Instant page');
    expect(mail.text).toContain(`${UNSUBSCRIBE_PATH}#token=`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/notification-unsubscribe\?token=[^>]+>$/);
    expect(await outboxOf(bob.user.id)).toMatchObject([{ status: 'sent', sent_via: 'instant' }]);
    // Drained once: a second run sends nothing more.
    expect((await drain(bob.user.id)).body).toMatchObject({ instant: 0 });
    expect(await notificationMails(bob)).toHaveLength(1);
  });

  it('daily digest: nothing at once, then one e-mail listing the day’s shares', async () => {
    const dana = await recipient('Dana');
    const { error } = await dana.client.from('notification_settings').upsert({ user_id: dana.user.id, share_email: 'daily' });
    expect(error).toBeNull();
    const first = await shareByUsername(alice, `dana_n_${suffix}`, 'Digest one');
    const second = await shareByUsername(alice, `dana_n_${suffix}`, 'Digest two');
    expect((await drain(dana.user.id)).body).toMatchObject({ instant: 0, digests: 0 });
    expect((await drain(dana.user.id, new Date(Date.now() + 23 * HOUR))).body).toMatchObject({ digests: 0 });
    expect(await notificationMails(dana)).toHaveLength(0);
    expect((await drain(dana.user.id, new Date(Date.now() + 25 * HOUR))).body).toMatchObject({ digests: 1 });
    const mails = await notificationMails(dana);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/digest: 2 links shared with you$/);
    expect(mails[0].text).toContain(first.url);
    expect(mails[0].text).toContain(second.url);
    expect((await outboxOf(dana.user.id)).every((r) => r.status === 'sent' && r.sent_via === 'digest')).toBe(true);
  });

  it('off: nothing is queued', async () => {
    const olga = await recipient('Olga');
    await olga.client.from('notification_settings').upsert({ user_id: olga.user.id, share_email: 'off' });
    await shareByUsername(alice, `olga_n_${suffix}`, 'Quiet page');
    expect(await outboxOf(olga.user.id)).toEqual([]);
  });

  it(`the hourly limit: ${INSTANT_EMAILS_PER_HOUR} e-mails at once, the rest in the next digest`, async () => {
    const eve = await recipient('Eve');
    // A sender of its own: the per-sender share limits (20 a minute) are not what this tests.
    const busy = await createConfirmedUser({ firstName: 'Paula', lastName: 'Busy' });
    const extra = 2;
    for (let i = 0; i < INSTANT_EMAILS_PER_HOUR + extra; i++) await shareByUsername(busy, `eve_n_${suffix}`, `Busy ${i}`);
    expect((await drain(eve.user.id)).body).toMatchObject({ instant: INSTANT_EMAILS_PER_HOUR, rolled_over: extra });
    expect(await notificationMails(eve)).toHaveLength(INSTANT_EMAILS_PER_HOUR);
    // Rolled-over items wait for the digest, not for the next hour.
    expect((await drain(eve.user.id, new Date(Date.now() + 2 * HOUR))).body).toMatchObject({ instant: 0, digests: 0 });
    expect((await drain(eve.user.id, new Date(Date.now() + 25 * HOUR))).body).toMatchObject({ digests: 1 });
    const mails = await notificationMails(eve);
    expect(mails).toHaveLength(INSTANT_EMAILS_PER_HOUR + 1);
    expect(mails[0].subject).toMatch(/digest: 2 links shared with you$/);
  });

  it('a blocked sender queues and sends nothing', async () => {
    const carol = await recipient('Carol');
    const { error } = await carol.client
      .from('blocked_senders')
      .insert({ blocked_by: carol.user.id, blocked_username: `alice_n_${suffix}` });
    expect(error).toBeNull();
    // Through share-link as well as a direct insert.
    const link = await createLink(alice, 'Blocked page');
    const res = await callFunction('share-link', {
      token: alice.accessToken,
      body: { shareData: { sender_id: alice.user.id, link_id: link.id, recipient_username: `carol_n_${suffix}` } },
    });
    expect(res.status).toBe(200);
    await shareByUsername(alice, `carol_n_${suffix}`, 'Blocked again');
    expect(await outboxOf(carol.user.id)).toEqual([]);
    expect((await drain(carol.user.id, new Date(Date.now() + 25 * HOUR))).body).toMatchObject({ instant: 0, digests: 0 });
    expect(await notificationMails(carol)).toHaveLength(0);
    // Control: the same sender's share to someone who did not block them is queued.
    const frank = await recipient('Frank');
    await shareByUsername(alice, `frank_n_${suffix}`, 'Not blocked');
    expect(await outboxOf(frank.user.id)).toHaveLength(1);
  });

  it('a folder invitation e-mails the invited account, unless turned off', async () => {
    const gina = await recipient('Gina');
    const hugo = await recipient('Hugo');
    await hugo.client.from('notification_settings').upsert({ user_id: hugo.user.id, folder_invite_email: false });
    const { data: folder, error } = await alice.client
      .from('categories')
      .insert({ user_id: alice.user.id, name: `Trip ${suffix}` })
      .select('id')
      .single();
    expect(error).toBeNull();
    for (const who of [gina, hugo]) {
      const invited = await alice.client.rpc('invite_folder_member', {
        p_folder_id: folder!.id,
        p_recipient: `${who === gina ? 'gina' : 'hugo'}_n_${suffix}`,
        p_role: 'editor',
      });
      expect(invited.error).toBeNull();
    }
    expect(await outboxOf(hugo.user.id)).toEqual([]);
    expect((await drain(gina.user.id)).body).toMatchObject({ instant: 1 });
    const [mail] = await notificationMails(gina);
    expect(mail.subject).toBe(`Alice Notifier invited you to the folder “Trip ${suffix}”`);
    expect(mail.text).toContain('as an editor');
  });
});

describe('notification-unsubscribe', () => {
  let ivan: ConfirmedUser;
  let token: string;
  beforeAll(async () => {
    ivan = await recipient('Ivan');
    await shareByUsername(alice, `ivan_n_${suffix}`, 'Unsubscribe page');
    await drain(ivan.user.id);
    token = tokenOf((await notificationMails(ivan))[0]);
  });
  const post = (t: string, headers: Record<string, string> = {}) =>
    callFunction('notification-unsubscribe', { token: null, body: { token: t }, headers });
  const settingsOf = async (u: ConfirmedUser) =>
    (await serviceClient().from('notification_settings').select('share_email, folder_invite_email').eq('user_id', u.user.id).maybeSingle())
      .data;

  it('GET sends the browser to the confirm page and changes nothing', async () => {
    const res = await fetch(`${testStack().url}/functions/v1/notification-unsubscribe?token=${encodeURIComponent(token)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`${UNSUBSCRIBE_PATH}#token=`));
    expect(await settingsOf(ivan)).toBeNull();
  });

  it('a tampered or expired token is a readable 400, and changes nothing', async () => {
    const [body, mac] = token.split('.');
    const flipped = `${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const bad of [flipped, `${body.slice(0, -1)}x.${mac}`, 'nonsense', `${body}.${mac}.x`]) {
      const res = await post(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_token' });
      expect(res.body.message).toMatch(/not valid/);
    }
    const expired = await post(token, { 'x-test-now': new Date(Date.now() + 61 * 24 * HOUR).toISOString() });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ error: 'expired_token' });
    expect(await settingsOf(ivan)).toBeNull();
  });

  it('one-click POST (RFC 8058) turns that kind of e-mail off; later shares queue nothing', async () => {
    const res = await fetch(`${testStack().url}/functions/v1/notification-unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await settingsOf(ivan)).toEqual({ share_email: 'off', folder_invite_email: true });
    await shareByUsername(alice, `ivan_n_${suffix}`, 'After unsubscribe');
    expect((await outboxOf(ivan.user.id)).filter((r) => r.status === 'pending')).toEqual([]);
    // The confirm page's POST {token} works the same (and again).
    expect((await post(token)).status).toBe(200);
  });
});
