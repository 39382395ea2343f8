import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tables } from '../../shared/data/database.ts';
import { createConfirmedUser, mailsTo, latestMail, serviceClient, uniqueEmail, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled } from './helpers.ts';

async function setUsername(u: ConfirmedUser, username: string) {
  const { error, count } = await u.client.from('profiles').update({ username }, { count: 'exact' }).eq('user_id', u.user.id);
  if (error || count !== 1) throw new Error(`set username: ${error?.message ?? count}`);
}

async function createLink(u: ConfirmedUser, title = 'Shared page') {
  const { data: saved } = await u.client
    .from('categories')
    .select('id')
    .eq('user_id', u.user.id)
    .eq('name', 'Recently Saved Links')
    .single();
  const { data, error } = await u.client
    .from('links')
    .insert({ user_id: u.user.id, title, url: `https://example.com/${randomUUID()}`, category_id: saved!.id })
    .select('id, url, title')
    .single()
    .overrideTypes<{ id: string; url: string; title: string }, { merge: false }>();
  if (error) throw new Error(`create link: ${error.message}`);
  return data;
}

async function shareCount(linkId: string): Promise<number> {
  const { data } = await serviceClient().from('links').select('share_count').eq('id', linkId).single();
  return data!.share_count;
}

async function sharesOf(linkId: string): Promise<Tables<'shared_links'>[]> {
  const { data } = await serviceClient().from('shared_links').select('*').eq('link_id', linkId);
  return data ?? [];
}

/** The id of `u`'s system folder `key`. */
async function systemFolder(u: ConfirmedUser, key: 'saved' | 'incoming' | 'approved' | 'rejected'): Promise<string> {
  const { data, error } = await u.client
    .from('categories')
    .select('id')
    .eq('user_id', u.user.id)
    .eq('system_key', key)
    .single()
    .overrideTypes<{ id: string }, { merge: false }>();
  if (error) throw new Error(`${key} folder: ${error.message}`);
  return data.id;
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
    expect(rows[0]).toMatchObject({
      recipient_email: stranger,
      recipient_user_id: null,
      message: 'Your friend on LinkVault shared this with you!',
    });
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

  describe('a blocked sender: recorded for the sender (who must not learn of the block), never delivered', () => {
    let dave: ConfirmedUser;
    let erin: ConfirmedUser;
    let frank: ConfirmedUser;
    const ALICE_PHONE = '+15550102030';

    beforeAll(async () => {
      [dave, erin, frank] = await Promise.all([
        createConfirmedUser({ firstName: 'Dave', lastName: 'Blocker' }),
        createConfirmedUser({ firstName: 'Erin', lastName: 'Blocker' }),
        createConfirmedUser({ firstName: 'Frank', lastName: 'Friend' }),
      ]);
      await setUsername(dave, `dave_${suffix}`);
      await setUsername(erin, `erin_${suffix}`);
      await setUsername(frank, `frank_${suffix}`);
      // profiles.phone is server-managed; the service role sets Alice's.
      const phone = await serviceClient().from('profiles').update({ phone: ALICE_PHONE }, { count: 'exact' }).eq('user_id', alice.user.id);
      expect(phone.error).toBeNull();
      expect(phone.count).toBe(1);
      // Each one blocks Alice a different way (stored normalised: trimmed/lower-case, digits only).
      const blocks = await Promise.all([
        carol.client.from('blocked_senders').insert({ blocked_by: carol.user.id, blocked_username: ` ALICE_${suffix.toUpperCase()} ` }),
        dave.client.from('blocked_senders').insert({ blocked_by: dave.user.id, blocked_email: alice.email.toUpperCase() }),
        erin.client.from('blocked_senders').insert({ blocked_by: erin.user.id, blocked_phone: '+1 (555) 010-2030' }),
      ]);
      expect(blocks.map((b) => b.error)).toEqual([null, null, null]);
    });

    /** Alice's own view of her share of this link: the row (RLS) and the link's share_count. */
    async function senderView(linkId: string) {
      // Every column the sender may read (not recipient_user_id: it would tell whether an address has an account).
      const { data: rows, error } = await alice.client
        .from('shared_links')
        .select(
          'id,sender_id,link_id,shared_at,recipient_email,recipient_phone,recipient_username,social_platform,social_handle,message,status,accepted_at,moved_to_category_id',
        )
        .eq('link_id', linkId);
      expect(error).toBeNull();
      const { data: link } = await alice.client.from('links').select('share_count').eq('id', linkId).single();
      const row = rows![0] as Record<string, unknown>;
      return {
        count: rows!.length,
        columns: Object.keys(row).sort(),
        values: { status: row.status, message: row.message, accepted_at: row.accepted_at, moved_to_category_id: row.moved_to_category_id },
        shareCount: link!.share_count,
      };
    }

    /** Everything the recipient could see of it; all of it is empty for a suppressed share. */
    async function recipientView(u: ConfirmedUser, linkId: string) {
      const { data: rows } = await u.client
        .from('shared_links')
        .select('id')
        .eq('link_id', linkId)
        .overrideTypes<{ id: string }[], { merge: false }>();
      const { data: links } = await u.client
        .from('links')
        .select('id')
        .eq('id', linkId)
        .overrideTypes<{ id: string }[], { merge: false }>();
      const incoming = await u.client.rpc('list_incoming_shares', { status_filter: null });
      const pending = await u.client.rpc('pending_incoming_count');
      return {
        rows: rows ?? [],
        links: links ?? [],
        incoming: ((incoming.data ?? []) as { link_id: string }[]).filter((i) => i.link_id === linkId).length,
        pending: pending.data as number,
      };
    }

    it('blocked by username, by e-mail and by phone: the same answer and outgoing row, nothing in the inbox, no e-mail', async () => {
      // Control: an unblocked friend, shared by e-mail (delivered and e-mailed).
      const controlLink = await createLink(alice, 'Control');
      const control = await share(alice, { link_id: controlLink.id, recipient_email: frank.email, message: 'Same words' });
      expect(control.status, control.text).toBe(200);
      expect(control.body).toEqual({ success: true, message: 'Link shared successfully' });
      const expected = await senderView(controlLink.id);
      expect(expected).toMatchObject({ count: 1, shareCount: 1, values: { status: 'pending', message: 'Same words' } });
      expect(await recipientView(frank, controlLink.id)).toEqual({
        rows: [expect.anything()],
        links: [{ id: controlLink.id }],
        incoming: 1,
        pending: 1,
      });
      expect((await latestMail(frank.email, { subject: 'shared a link with you' })).text).toContain(controlLink.url);

      const suppressedUrls = new Map<ConfirmedUser, string[]>();
      for (const [blocker, name] of [
        [carol, 'carol'],
        [dave, 'dave'],
        [erin, 'erin'],
      ] as const) {
        const username = `${name}_${suffix}`;
        for (const recipient of [{ recipient_email: blocker.email.toUpperCase() }, { recipient_username: `@${username}` }]) {
          const link = await createLink(alice, 'Control');
          suppressedUrls.set(blocker, [...(suppressedUrls.get(blocker) ?? []), link.url]);
          const res = await share(alice, { link_id: link.id, message: 'Same words', ...recipient });
          // The same answer, the same outgoing row, share_count + 1.
          expect(res.status, res.text).toBe(control.status);
          expect(res.body).toEqual(control.body);
          expect(await senderView(link.id)).toEqual(expected);
          // A repeat is a duplicate, as for a delivered share.
          const again = await share(alice, { link_id: link.id, ...recipient });
          expect(again.status).toBe(409);
          expect(String(again.body.message)).toContain('duplicate key');
          expect(await shareCount(link.id)).toBe(1);
          // Never delivered: the blocker sees nothing of it, and the server holds the mark.
          expect(await recipientView(blocker, link.id)).toEqual({ rows: [], links: [], incoming: 0, pending: 0 });
          const [row] = await sharesOf(link.id);
          expect(row.recipient_user_id).toBe(blocker.user.id);
          const { data: mark } = await serviceClient().from('suppressed_shares').select('shared_link_id').eq('shared_link_id', row.id);
          expect(mark).toEqual([{ shared_link_id: row.id }]);
        }
      }
      // The sender cannot read the marks.
      const { data: peek, error: peekError } = await alice.client.from('suppressed_shares').select('*');
      expect(peek ?? []).toEqual([]);
      expect(peekError?.code).toBe('42501');

      // No e-mail for any suppressed share. Mail goes out just after the function answers
      // (runAfterResponse): once a later e-mail (from Bob, not blocked) has arrived, one for a share
      // made long before it would be there too.
      for (const blocker of [carol, dave, erin]) {
        const marker = await createLink(bob, 'Marker');
        expect((await share(bob, { link_id: marker.id, recipient_email: blocker.email })).status).toBe(200);
        expect((await latestMail(blocker.email, { subject: 'shared a link with you' })).text).toContain(marker.url);
        const mails = await mailsTo(blocker.email);
        const leaked = mails.filter((m) => suppressedUrls.get(blocker)!.some((u) => m.text.includes(u)));
        expect(leaked).toEqual([]);
        expect(mails.filter((m) => m.subject.includes('shared a link with you'))).toHaveLength(1);
      }
      // About 50 requests and four mail waits in a row: under a loaded CI machine this took over 30 s.
    }, 180_000);

    it('the blocker cannot accept or reject a suppressed share, and withdrawing it works as usual', async () => {
      const link = await createLink(alice);
      expect((await share(alice, { link_id: link.id, recipient_username: `dave_${suffix}` })).status).toBe(200);
      const [row] = await sharesOf(link.id);
      const folder = await systemFolder(dave, 'saved');
      const accept = await dave.client.rpc('accept_incoming_share', { shared_link_id: row.id, destination_category_id: folder });
      expect(accept.error?.message).toBe('Shared link not found.');
      const reject = await dave.client.rpc('reject_incoming_share', { shared_link_id: row.id });
      expect(reject.error?.message).toBe('Shared link not found.');
      expect((await sharesOf(link.id))[0]).toMatchObject({ id: row.id, status: 'pending', accepted_at: null });
      const { data: removed } = await alice.client.from('shared_links').delete().eq('id', row.id).select('id');
      expect(removed).toEqual([{ id: row.id }]);
      expect(await sharesOf(link.id)).toEqual([]);
      const { data: mark } = await serviceClient().from('suppressed_shares').select('shared_link_id').eq('shared_link_id', row.id);
      expect(mark).toEqual([]);
    });
  });

  it("refuses another user's sender_id or link, and changes nothing", async () => {
    const bobsLink = await createLink(bob);
    const asBob = await callFunction('share-link', {
      token: alice.accessToken,
      body: { shareData: { sender_id: bob.user.id, link_id: bobsLink.id, recipient_username: `carol_${suffix}` } },
    });
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
    // 'a@b.c' cannot receive mail: that is said by name before the general checks.
    expectBadInputAnswers(answers, ['invalid_request', 'undeliverable_email']);
    expect(await sharesOf(link.id)).toHaveLength(0);
  });
});
