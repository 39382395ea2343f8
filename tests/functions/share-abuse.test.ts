// Sharing abuse: sharing is not a mail relay, the server owns the recipient's side of a share, and
// a blocked sender learns nothing from the answer (not even from when it comes). Each test is the
// attack.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LIMITS, SHARE_RATE_LIMIT_MESSAGE, SHARE_SENDER_NAME_MAX } from '../../shared/rules/share-limits.ts';
import type { SystemCategoryKey } from '../../shared/constants.ts';
import { createConfirmedUser, latestMail, mailsTo, serviceClient, uniqueEmail, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction, profileHeaders, setFunctionEnv } from './helpers.ts';

async function setUsername(u: ConfirmedUser, username: string) {
  const { error, count } = await u.client.from('profiles').update({ username }, { count: 'exact' }).eq('user_id', u.user.id);
  if (error || count !== 1) throw new Error(`set username: ${error?.message ?? count}`);
}

async function folderId(u: ConfirmedUser, key: SystemCategoryKey = 'saved'): Promise<string> {
  const { data } = await u.client.from('categories').select('id').eq('user_id', u.user.id).eq('system_key', key).single();
  return data!.id;
}

async function createLinks(u: ConfirmedUser, n: number): Promise<string[]> {
  const category = await folderId(u);
  const rows = Array.from({ length: n }, (_, i) => ({
    user_id: u.user.id,
    title: `Link ${i}`,
    url: `https://example.com/${randomUUID()}`,
    category_id: category,
  }));
  const { data, error } = await u.client.from('links').insert(rows).select('id');
  if (error) throw new Error(`create links: ${error.message}`);
  return (data as { id: string }[]).map((r) => r.id);
}

/** The recipient's count of pending incoming shares (what the app's badge shows). */
async function pendingCount(u: ConfirmedUser): Promise<number> {
  const res = await u.client.rpc('pending_incoming_count');
  if (res.error) throw new Error(`pending_incoming_count: ${res.error.message}`);
  return res.data;
}

/** A link's created_at: a server time to compare server-set times with. */
async function createdAt(linkId: string): Promise<number> {
  const { data, error } = await serviceClient()
    .from('links')
    .select('created_at')
    .eq('id', linkId)
    .single()
    .overrideTypes<{ created_at: string }, { merge: false }>();
  if (error) throw new Error(`created_at of ${linkId}: ${error.message}`);
  return Date.parse(data.created_at);
}

async function sharesBy(senderId: string) {
  const { data, error } = await serviceClient().from('shared_links').select('*').eq('sender_id', senderId);
  if (error) throw new Error(error.message);
  return data;
}

const share = (sender: ConfirmedUser, shareData: Record<string, unknown>, headers?: Record<string, string>) =>
  callFunction('share-link', { token: sender.accessToken, body: { shareData: { sender_id: sender.user.id, ...shareData } }, headers });

describe('sharing is not a mail relay', () => {
  let alice: ConfirmedUser;
  beforeAll(async () => {
    alice = await createConfirmedUser({ firstName: 'Alice', lastName: 'Relay' });
  });

  it('one real address only: a comma-separated list, "not-an-email" and a space-separated pair are 400, nothing recorded or sent', async () => {
    const [link] = await createLinks(alice, 1);
    const a = uniqueEmail('victim-a');
    const b = uniqueEmail('victim-b');
    for (const recipient of [
      `${a},${b}`,
      `${a}, ${b}`,
      `${a} ${b}`,
      'not-an-email',
      `${a};${b}`,
      'a..b@example.test',
      `x@${'d'.repeat(250)}.test`,
    ]) {
      const res = await share(alice, { link_id: link, recipient_email: recipient });
      expect(res.status, `${recipient}: ${res.text}`).toBe(400);
      expect(res.body.message).toMatch(/valid email/i);
    }
    expect(await sharesBy(alice.user.id)).toHaveLength(0);
    // Direct REST inserts are held to the same rule.
    const rest = await alice.client.from('shared_links').insert({ sender_id: alice.user.id, link_id: link, recipient_email: `${a},${b}` });
    expect(rest.status).toBe(400);
    expect(await sharesBy(alice.user.id)).toHaveLength(0);
    expect(await mailsTo(a)).toEqual([]);
    expect(await mailsTo(b)).toEqual([]);
  });

  it('the message is plain text of at most 1000 characters', async () => {
    const [link] = await createLinks(alice, 1);
    const long = await share(alice, { link_id: link, recipient_phone: '+1 555 000 1111', message: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    const control = await share(alice, { link_id: link, recipient_phone: '+1 555 000 1111', message: 'hi\u0000\u001b[31m' });
    expect(control.status).toBe(400);
    expect(control.body.message).toMatch(/plain text/);
    expect(await sharesBy(alice.user.id)).toHaveLength(0);
  });

  it("the sender's name in the e-mail is a name: no links, digits or markup, at most 60 characters", async () => {
    const spammer = await createConfirmedUser();
    // first_name comes from the sign-up metadata, which the client chooses freely.
    const { error, count } = await serviceClient()
      .from('profiles')
      .update({ first_name: 'WIN $1000 at https://evil.example/claim <b>now</b>', last_name: 'Lee'.repeat(40) }, { count: 'exact' })
      .eq('user_id', spammer.user.id);
    expect(error).toBeNull();
    expect(count).toBe(1);
    const [link] = await createLinks(spammer, 1);
    const to = uniqueEmail('named');
    expect((await share(spammer, { link_id: link, recipient_email: to })).status).toBe(200);
    const mail = await latestMail(to, { subject: 'shared a link with you', timeoutMs: 15_000 });
    const name = mail.subject.replace(/ shared a link with you.*$/, '');
    expect(name).not.toMatch(/[0-9$:/<>]/);
    expect(name).not.toContain('evil');
    expect(Array.from(name).length).toBeLessThanOrEqual(SHARE_SENDER_NAME_MAX);
    expect(name.startsWith('WIN at https')).toBe(false);
  });

  it(`e-mails to addresses without an account: ${SHARE_LIMITS.strangerEmailsPerMinute} a minute, then 429 with a readable message for every e-mail share (no account oracle)`, async () => {
    const sender = await createConfirmedUser();
    const friend = await createConfirmedUser();
    const links = await createLinks(sender, SHARE_LIMITS.strangerEmailsPerMinute + 2);
    const strangers = links.map(() => uniqueEmail('stranger'));
    for (let i = 0; i < SHARE_LIMITS.strangerEmailsPerMinute; i++) {
      const ok = await share(sender, { link_id: links[i], recipient_email: strangers[i] });
      expect(ok.status, ok.text).toBe(200);
    }
    const refused = await share(sender, {
      link_id: links[SHARE_LIMITS.strangerEmailsPerMinute],
      recipient_email: strangers[SHARE_LIMITS.strangerEmailsPerMinute],
    });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body).toMatchObject({ error: 'rate_limited', message: SHARE_RATE_LIMIT_MESSAGE });
    expect(await sharesBy(sender.user.id)).toHaveLength(SHARE_LIMITS.strangerEmailsPerMinute);
    expect(await mailsTo(strangers[SHARE_LIMITS.strangerEmailsPerMinute])).toEqual([]);
    // Once the quota is used, a share to an address with an account waits too: the answer must not
    // tell whether an address has an account. Other kinds of share still pass.
    const toFriend = await share(sender, { link_id: links[SHARE_LIMITS.strangerEmailsPerMinute + 1], recipient_email: friend.email });
    expect(toFriend.status, toFriend.text).toBe(429);
    const byPhone = await share(sender, { link_id: links[SHARE_LIMITS.strangerEmailsPerMinute + 1], recipient_phone: '+1 555 444 5555' });
    expect(byPhone.status, byPhone.text).toBe(200);
  });

  it(`REST: one POST of 100 shares into a victim's inbox is refused whole; ${SHARE_LIMITS.perMinute} a minute pass, the next is 429`, async () => {
    const attacker = await createConfirmedUser();
    const victim = await createConfirmedUser();
    const name = `victim_${randomUUID().slice(0, 8)}`;
    await setUsername(victim, name);
    const links = await createLinks(attacker, 100);
    const flood = await attacker.client
      .from('shared_links')
      .insert(links.map((id) => ({ sender_id: attacker.user.id, link_id: id, recipient_username: name })));
    expect(flood.status, JSON.stringify(flood.error)).toBe(429);
    expect(flood.error?.message).toBe(SHARE_RATE_LIMIT_MESSAGE);
    expect(await sharesBy(attacker.user.id)).toHaveLength(0);
    expect(await pendingCount(victim)).toBe(0);

    const batch = await attacker.client.from('shared_links').insert(
      links.slice(0, SHARE_LIMITS.perMinute).map((id) => ({ sender_id: attacker.user.id, link_id: id, recipient_username: name })),
      { count: 'exact' },
    );
    expect(batch.error).toBeNull();
    expect(batch.count).toBe(SHARE_LIMITS.perMinute);
    const next = await attacker.client
      .from('shared_links')
      .insert({ sender_id: attacker.user.id, link_id: links[SHARE_LIMITS.perMinute], recipient_username: name });
    expect(next.status).toBe(429);
    // Withdrawing shares does not give the slots back.
    const { count: removed } = await attacker.client.from('shared_links').delete({ count: 'exact' }).eq('sender_id', attacker.user.id);
    expect(removed).toBe(SHARE_LIMITS.perMinute);
    const again = await share(attacker, { link_id: links[SHARE_LIMITS.perMinute], recipient_username: name });
    expect(again.status).toBe(429);
    expect(await sharesBy(attacker.user.id)).toHaveLength(0);
  });

  it('the migration holds the same numbers as shared/rules/share-limits.ts', async () => {
    const limits = await serviceClient().rpc('_share_limits');
    expect(limits.error).toBeNull();
    expect(limits.data).toEqual({ ...SHARE_LIMITS });
  });
});

describe("a sender controls only the sender's side of a share", () => {
  let sender: ConfirmedUser;
  let recipient: ConfirmedUser;
  let recipientName: string;
  beforeAll(async () => {
    [sender, recipient] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    recipientName = `rcpt_${randomUUID().slice(0, 8)}`;
    await setUsername(recipient, recipientName);
  });

  it('status, accepted_at, shared_at, moved_to_category_id and recipient_user_id are set by the server', async () => {
    const [l1, l2] = await createLinks(sender, 2);
    const recipientFolder = await folderId(recipient);
    const forged = {
      sender_id: sender.user.id,
      status: 'accepted' as const,
      accepted_at: '2020-01-01T00:00:00Z',
      shared_at: '2099-01-01T00:00:00Z',
      moved_to_category_id: recipientFolder,
      recipient_user_id: recipient.user.id,
    };
    const before = await createdAt(l2);
    const byPhone = await sender.client
      .from('shared_links')
      .insert({ ...forged, link_id: l1, recipient_phone: '+1 555 222 3333' }, { count: 'exact' });
    expect(byPhone.error).toBeNull();
    expect(byPhone.count).toBe(1);
    const byName = await sender.client
      .from('shared_links')
      .insert({ ...forged, link_id: l2, recipient_username: recipientName, recipient_user_id: sender.user.id }, { count: 'exact' });
    expect(byName.error).toBeNull();
    const [later] = await createLinks(sender, 1);
    const after = await createdAt(later);
    const rows = await sharesBy(sender.user.id);
    expect(rows).toHaveLength(2);
    const phoneRow = rows.find((r) => r.link_id === l1)!;
    const nameRow = rows.find((r) => r.link_id === l2)!;
    for (const row of [phoneRow, nameRow]) {
      expect(row).toMatchObject({ status: 'pending', accepted_at: null, moved_to_category_id: null });
      // The server's clock at the insert, not the forged 2099: between the server times of the
      // links written just before and just after the shares.
      const sharedAt = Date.parse(row.shared_at);
      expect(sharedAt).toBeGreaterThanOrEqual(before);
      expect(sharedAt).toBeLessThanOrEqual(after);
    }
    // A phone share has no account; a username share is the name's account, never the client's choice.
    expect(phoneRow.recipient_user_id).toBeNull();
    expect(nameRow.recipient_user_id).toBe(recipient.user.id);
    // The recipient still sees it as a pending share.
    expect(await pendingCount(recipient)).toBe(1);
  });

  it('the sender cannot read recipient_user_id (it told whether an e-mail has an account)', async () => {
    const [link] = await createLinks(sender, 1);
    expect((await share(sender, { link_id: link, recipient_email: recipient.email })).status).toBe(200);
    const col = await sender.client.from('shared_links').select('recipient_user_id').eq('link_id', link);
    expect(col.error?.code).toBe('42501');
    expect(col.data).toBeNull();
    const star = await sender.client.from('shared_links').select('*').eq('link_id', link);
    expect(star.error?.code).toBe('42501');
    // The columns the app reads still work, and so does withdrawing with a returned id.
    const own = await sender.client.from('shared_links').select('id,recipient_email,status,link:links(id)').eq('link_id', link);
    expect(own.error).toBeNull();
    expect(own.data).toHaveLength(1);
    const removed = await sender.client.from('shared_links').delete().eq('link_id', link).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
    expect((await sharesBy(sender.user.id)).filter((r) => r.link_id === link)).toHaveLength(0);
  });

  it('a share to a username nobody has is refused (REST 404), not kept for whoever takes the name', async () => {
    const [link] = await createLinks(sender, 1);
    const free = `free_${randomUUID().slice(0, 8)}`;
    const res = await sender.client.from('shared_links').insert({ sender_id: sender.user.id, link_id: link, recipient_username: free });
    expect(res.status).toBe(404);
    expect((await sharesBy(sender.user.id)).filter((r) => r.link_id === link)).toHaveLength(0);
    const latecomer = await createConfirmedUser();
    await setUsername(latecomer, free);
    expect(await pendingCount(latecomer)).toBe(0);
  });

  it('a block by username follows the account: renaming does not escape it', async () => {
    const [blocker, pest] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const pestName = `pest_${randomUUID().slice(0, 8)}`;
    await setUsername(pest, pestName);
    await setUsername(blocker, `blk_${randomUUID().slice(0, 8)}`);
    const block = await blocker.client
      .from('blocked_senders')
      .insert({ blocked_by: blocker.user.id, blocked_username: pestName }, { count: 'exact' });
    expect(block.count).toBe(1);
    await setUsername(pest, `renamed_${randomUUID().slice(0, 8)}`);
    const [link] = await createLinks(pest, 1);
    const res = await share(pest, { link_id: link, recipient_email: blocker.email });
    expect(res.status).toBe(200);
    expect(await pendingCount(blocker)).toBe(0);
    const [row] = (await sharesBy(pest.user.id)).filter((r) => r.link_id === link);
    const { data: mark } = await serviceClient()
      .from('suppressed_shares')
      .select('shared_link_id')
      .eq('shared_link_id', row.id)
      .overrideTypes<{ shared_link_id: string }[], { merge: false }>();
    expect(mark).toHaveLength(1);
    // The one who took the old name (once its 30-day hold is over) is not blocked.
    const { error: aged } = await serviceClient()
      .from('released_names')
      .update({ released_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() })
      .eq('name', pestName.toLowerCase());
    expect(aged).toBeNull();
    const heir = await createConfirmedUser();
    await setUsername(heir, pestName);
    const [heirLink] = await createLinks(heir, 1);
    expect((await share(heir, { link_id: heirLink, recipient_email: blocker.email })).status).toBe(200);
    expect(await pendingCount(blocker)).toBe(1);
  });
});

describe('a blocked sender learns nothing from when the answer comes', () => {
  // An SMTP server that accepts connections and never greets, so no e-mail through it can be sent
  // (nodemailer gives up after its 10 s greeting timeout and closes the connection). A function
  // that waited for the e-mail before answering a delivered share (a suppressed share sends none)
  // would answer only after that, and the answer itself would tell the two apart.
  let stall: net.Server;
  const sockets = new Set<net.Socket>();
  /** Connections the function opened, and how many of them have closed. */
  const smtp = { opened: 0, closed: 0 };
  let port = 0;
  beforeAll(async () => {
    stall = net.createServer((s) => {
      sockets.add(s);
      smtp.opened++;
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        smtp.closed++;
      });
    });
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    port = (stall.address() as net.AddressInfo).port;
  });
  // The stalling SMTP server is this test's own env profile: share-link keeps its real mail server for
  // the test files running beside this one on the shared stack (share-link.test.ts waits for mail).
  const PROFILE = 'share-abuse-stalled-smtp';
  afterAll(async () => {
    await setFunctionEnv('share-link', {}, PROFILE);
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => stall.close(resolve));
  });

  it('a delivered e-mail share answers before its e-mail is sent, with the same answer as a suppressed one', async () => {
    const [sender, friend, blocker] = await Promise.all([createConfirmedUser(), createConfirmedUser(), createConfirmedUser()]);
    await blocker.client.from('blocked_senders').insert({ blocked_by: blocker.user.id, blocked_email: sender.email });
    const [l1, l2, warm, plain] = await createLinks(sender, 4);
    await setFunctionEnv('share-link', { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) }, PROFILE);
    try {
      // Boots the worker with the new env (a phone share sends no e-mail).
      await share(sender, { link_id: warm, recipient_phone: '+1 555 333 4444' }, profileHeaders(PROFILE));
      expect(smtp).toEqual({ opened: 0, closed: 0 });
      const delivered = await share(sender, { link_id: l1, recipient_email: friend.email }, profileHeaders(PROFILE));
      expect(delivered.status).toBe(200);
      // The profile's env applied: the delivered share's e-mail went to the stalling server...
      await expect.poll(() => smtp.opened, { timeout: 15_000 }).toBe(1);
      // ...and was still unsent when the answer came: its connection had not been given up.
      expect(smtp.closed).toBe(0);
      const suppressed = await share(sender, { link_id: l2, recipient_email: blocker.email }, profileHeaders(PROFILE));
      expect(suppressed.status).toBe(200);
      expect(delivered.body).toEqual(suppressed.body);
      // ...and only for calls in the profile: a plain call still reaches the stack's mail catcher.
      expect((await share(sender, { link_id: plain, recipient_email: friend.email })).status).toBe(200);
      expect((await latestMail(friend.email, { subject: 'shared a link with you' })).to).toContain(friend.email);
    } finally {
      await setFunctionEnv('share-link', {}, PROFILE);
    }
  }, 60_000);
});
