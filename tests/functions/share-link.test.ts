import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, mailsTo, latestMail, serviceClient, uniqueEmail, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction, expectBadInputHandled } from './helpers.ts';

async function setUsername(u: ConfirmedUser, username: string) {
  const { error, count } = await u.client.from('profiles').update({ username }, { count: 'exact' }).eq('user_id', u.user.id);
  if (error || count !== 1) throw new Error(`set username: ${error?.message ?? count}`);
}

async function createLink(u: ConfirmedUser, title = 'Shared page') {
  const { data: saved } = await u.client.from('categories').select('id').eq('user_id', u.user.id).eq('name', 'Recently Saved Links').single();
  const { data, error } = await u.client
    .from('links')
    .insert({ user_id: u.user.id, title, url: `https://example.com/${randomUUID()}`, category_id: saved!.id })
    .select('id, url, title')
    .single();
  if (error) throw new Error(`create link: ${error.message}`);
  return data as { id: string; url: string; title: string };
}

async function shareCount(linkId: string): Promise<number> {
  const { data } = await serviceClient().from('links').select('share_count').eq('id', linkId).single();
  return data!.share_count as number;
}

async function sharesOf(linkId: string) {
  const { data } = await serviceClient().from('shared_links').select('*').eq('link_id', linkId);
  return data ?? [];
}

const share = (sender: ConfirmedUser, shareData: Record<string, unknown>) =>
  callFunction('share-link', { token: sender.accessToken, body: { shareData: { sender_id: sender.user.id, ...shareData } } });

let alice: ConfirmedUser;
let bob: ConfirmedUser;
let carol: ConfirmedUser;
const suffix = randomUUID().slice(0, 6);

beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([
    createConfirmedUser({ firstName: 'Alice', lastName: 'Sender' }),
    createConfirmedUser({ firstName: 'Bob', lastName: 'Receiver' }),
    createConfirmedUser({ firstName: 'Carol', lastName: 'Blocker' }),
  ]);
  await setUsername(alice, `alice_${suffix}`);
  await setUsername(bob, `bob_${suffix}`);
  await setUsername(carol, `carol_${suffix}`);
});

describe('share-link', () => {
  it('by username: lands in the recipient inbox, share_count +1, a repeat is a duplicate key error', async () => {
    const link = await createLink(alice);
    const res = await share(alice, { link_id: link.id, recipient_username: `bob_${suffix}`, message: 'Look at this' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Link shared successfully' });
    const rows = await sharesOf(link.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sender_id: alice.user.id, recipient_user_id: bob.user.id, message: 'Look at this', status: 'pending' });
    expect(await shareCount(link.id)).toBe(1);
    // Bob sees it as his incoming share, with the shared link readable.
    const { data: incoming } = await bob.client.from('shared_links').select('id, links(url)').eq('link_id', link.id);
    expect(incoming).toHaveLength(1);

    const again = await share(alice, { link_id: link.id, recipient_username: `bob_${suffix}` });
    expect(again.status).toBe(409);
    expect(String(again.body.message)).toContain('duplicate key');
    expect(await sharesOf(link.id)).toHaveLength(1);
    expect(await shareCount(link.id)).toBe(1);
  });

  it('by e-mail of an account: inbox and an e-mail with the message and the link', async () => {
    const link = await createLink(alice, 'Great article');
    const res = await share(alice, { link_id: link.id, recipient_email: bob.email.toUpperCase(), message: 'For you, Bob' });
    expect(res.status).toBe(200);
    const rows = await sharesOf(link.id);
    expect(rows[0]).toMatchObject({ recipient_email: bob.email, recipient_user_id: bob.user.id });
    const mail = await latestMail(bob.email, { subject: 'shared a link with you' });
    expect(mail.subject).toContain('Alice Sender');
    expect(mail.text).toContain('For you, Bob');
    expect(mail.text).toContain(link.url);
    expect(mail.text).toContain('Great article');
    expect(await shareCount(link.id)).toBe(1);
  });

  it('by e-mail without an account: recorded and e-mailed with the default message', async () => {
    const link = await createLink(alice);
    const stranger = uniqueEmail('stranger');
    const res = await share(alice, { link_id: link.id, recipient_email: stranger });
    expect(res.status).toBe(200);
    const rows = await sharesOf(link.id);
    expect(rows[0]).toMatchObject({ recipient_email: stranger, recipient_user_id: null, message: 'Your friend on LinkVault shared this with you!' });
    const mail = await latestMail(stranger);
    expect(mail.text).toContain('Your friend on LinkVault shared this with you!');
    expect(mail.text).toContain(link.url);
  });

  it('an unknown username is refused and nothing is recorded; the username match ignores case and a leading @', async () => {
    const link = await createLink(alice);
    const missing = await share(alice, { link_id: link.id, recipient_username: `nobody_${suffix}` });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('recipient_not_found');
    const wildcard = await share(alice, { link_id: link.id, recipient_username: 'bo%' });
    expect(wildcard.status).toBe(404);
    expect(await sharesOf(link.id)).toHaveLength(0);
    const upper = await share(alice, { link_id: link.id, recipient_username: `@BOB_${suffix.toUpperCase()}` });
    expect(upper.status, upper.text).toBe(200);
    expect((await sharesOf(link.id))[0]).toMatchObject({ recipient_user_id: bob.user.id });
  });

  it('phone and social shares are recorded without e-mail', async () => {
    const link = await createLink(alice);
    expect((await share(alice, { link_id: link.id, recipient_phone: '+1 555 010 2030' })).status).toBe(200);
    expect((await share(alice, { link_id: link.id, social_platform: 'instagram', social_handle: '@friend' })).status).toBe(200);
    const rows = await sharesOf(link.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.recipient_user_id)).toEqual([null, null]);
    expect(await shareCount(link.id)).toBe(2);
  });

  it('a blocked sender gets the same answer, and nothing is delivered or e-mailed', async () => {
    const { error } = await carol.client.from('blocked_senders').insert([
      { blocked_by: carol.user.id, blocked_username: `alice_${suffix}` },
    ]);
    expect(error).toBeNull();
    const link = await createLink(alice);
    const byName = await share(alice, { link_id: link.id, recipient_username: `carol_${suffix}` });
    const byMail = await share(alice, { link_id: link.id, recipient_email: carol.email });
    expect(byName.status).toBe(200);
    expect(byMail.status).toBe(200);
    expect(byName.body).toEqual({ success: true, message: 'Link shared successfully' });
    expect(byMail.body).toEqual(byName.body);
    expect(await sharesOf(link.id)).toHaveLength(0);
    const { data: carolInbox } = await carol.client.from('shared_links').select('id').eq('link_id', link.id);
    expect(carolInbox).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(carol.email)).filter((m) => m.text.includes(link.url))).toEqual([]);
  });

  it('blocking by e-mail also holds', async () => {
    const dave = await createConfirmedUser({ firstName: 'Dave' });
    expect((await dave.client.from('blocked_senders').insert({ blocked_by: dave.user.id, blocked_email: alice.email })).error).toBeNull();
    const link = await createLink(alice);
    const res = await share(alice, { link_id: link.id, recipient_email: dave.email });
    expect(res.status).toBe(200);
    expect(await sharesOf(link.id)).toHaveLength(0);
  });

  it("refuses another user's sender_id or link, and changes nothing", async () => {
    const bobsLink = await createLink(bob);
    const asBob = await callFunction('share-link', { token: alice.accessToken, body: { shareData: { sender_id: bob.user.id, link_id: bobsLink.id, recipient_username: `carol_${suffix}` } } });
    expect(asBob.status).toBe(403);
    const othersLink = await share(alice, { link_id: bobsLink.id, recipient_username: `carol_${suffix}` });
    expect(othersLink.status).toBe(403);
    expect(othersLink.body.message).toBe('You can only share your own links.');
    expect(await sharesOf(bobsLink.id)).toHaveLength(0);
    expect(await shareCount(bobsLink.id)).toBe(0);
  });

  it('needs a signed-in user: no JWT -> 401, anon key -> 401 Authentication required', async () => {
    const link = await createLink(alice);
    const body = { shareData: { sender_id: alice.user.id, link_id: link.id, recipient_username: `bob_${suffix}` } };
    expect((await callFunction('share-link', { token: null, body })).status).toBe(401);
    const anon = await callFunction('share-link', { body });
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({ error: 'unauthorized', message: 'Authentication required' });
    expect(await sharesOf(link.id)).toHaveLength(0);
  });

  it('bad input -> 400/413 JSON, never 500', async () => {
    const link = await createLink(alice);
    const answers = await expectBadInputHandled('share-link', alice.accessToken, [
      {},
      { shareData: null },
      { shareData: { sender_id: alice.user.id, link_id: link.id } },
      { shareData: { sender_id: alice.user.id, link_id: link.id, recipient_email: 'a@b.c', recipient_phone: '123' } },
      { shareData: { sender_id: 42, link_id: link.id, recipient_username: 'bob' } },
      { shareData: { sender_id: alice.user.id, link_id: 'not-a-uuid', recipient_username: 'bob' } },
      { shareData: { sender_id: alice.user.id, link_id: link.id, social_platform: 'myspace', social_handle: 'x' } },
      [1, 2, 3],
    ]);
    for (const a of answers) {
      expect([400, 413], a.text).toContain(a.status);
      expect(a.body, a.text).toHaveProperty('message');
    }
    expect(await sharesOf(link.id)).toHaveLength(0);
  });
});
