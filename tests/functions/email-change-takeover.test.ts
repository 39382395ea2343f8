import { describe, expect, it } from 'vitest';
import {
  anonClient,
  createConfirmedUser,
  latestMail,
  mailsTo,
  serviceClient,
  uniqueEmail,
  type CaughtMail,
  type ConfirmedUser,
} from '../setup/clients.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled } from './helpers.ts';

// A stolen session is not a stolen account: an e-mail change needs the current password, signs out
// every other session, and tells the old address with a link that undoes it (restore-email).

const codeOf = (mail: CaughtMail) => /\b(\d{6})\b/.exec(mail.text)![1];
const undoTokenOf = (mail: CaughtMail) => /#token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

async function changeEmail(u: ConfirmedUser, token = u.accessToken): Promise<string> {
  const target = uniqueEmail('moved');
  const requested = await callFunction('request-email-change', { token, body: { new_email: target, password: u.password } });
  expect(requested.status, requested.text).toBe(200);
  const confirmed = await callFunction('confirm-email-change', {
    token,
    body: { code: codeOf(await latestMail(target, { subject: 'verification code' })) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return target;
}

/** A second, independent session of the same account (another device). */
async function otherSession(u: ConfirmedUser, email = u.email) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: u.password });
  if (error || !data.session) throw new Error(error?.message ?? 'no session');
  return data.session;
}

const refreshes = async (refreshToken: string) => !(await anonClient().auth.refreshSession({ refresh_token: refreshToken })).error;
const authEmail = async (id: string) => (await serviceClient().auth.admin.getUserById(id)).data.user?.email;

describe('e-mail change: the current password first', () => {
  it('no password is 400, a wrong one 403 wrong_password; nothing is sent or stored', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('nopass');
    const missing = await callFunction('request-email-change', { token: u.accessToken, body: { new_email: target } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Enter your current password/);
    const wrong = await callFunction('request-email-change', {
      token: u.accessToken,
      body: { new_email: target, password: 'Wrong-Passw0rd!' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: 'wrong_password', message: 'Incorrect password' });
    expect(await mailsTo(target)).toEqual([]);
    const { count } = await serviceClient()
      .from('email_change_requests')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', u.user.id);
    expect(count).toBe(0);
    expectBadInputAnswers(
      await expectBadInputHandled('request-email-change', u.accessToken, [
        { new_email: target, password: '' },
        { new_email: target, password: 'x'.repeat(73) },
      ]),
    );
  });
});

describe('e-mail change: other sessions end, the old address can undo it', () => {
  it('signs out every other session (this one stays) and e-mails the old address an undo link, stored hashed', async () => {
    const u = await createConfirmedUser();
    const thief = await otherSession(u);
    const before = u.email;
    const target = await changeEmail(u);
    expect(await authEmail(u.user.id)).toBe(target);
    expect(await refreshes(thief.refresh_token)).toBe(false);
    const { data: own } = await u.client.auth.getSession();
    expect(await refreshes(own.session!.refresh_token)).toBe(true);

    const notice = await latestMail(before, { subject: 'e-mail address was changed' });
    expect(notice.text).toContain(target);
    const token = undoTokenOf(notice);
    const { data: rows } = await serviceClient().from('email_change_undo').select('*').eq('user_id', u.user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows![0]).toMatchObject({ old_email: before, new_email: target, used_at: null });
    expect(Date.parse(rows![0].expires_at) - Date.parse(rows![0].created_at)).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('the undo link restores the old address, signs out every session, locks the old password and mails a reset link; once', async () => {
    const u = await createConfirmedUser();
    const before = u.email;
    await changeEmail(u);
    const token = undoTokenOf(await latestMail(before, { subject: 'e-mail address was changed' }));
    const { data: own } = await u.client.auth.getSession();

    const restored = await callFunction('restore-email', { token: null, body: { token } });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ success: true, email: before });
    expect(await authEmail(u.user.id)).toBe(before);
    const { data: profile } = await serviceClient().from('profiles').select('email').eq('user_id', u.user.id).single();
    expect(profile).toEqual({ email: before });
    // Whoever changed it knew the password and held a session: both are gone.
    expect(await refreshes(own.session!.refresh_token)).toBe(false);
    expect((await anonClient().auth.signInWithPassword({ email: before, password: u.password })).error).not.toBeNull();
    await latestMail(before, { subject: 'Reset your password' });

    const again = await callFunction('restore-email', { token: null, body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_token');
    const unknown = await callFunction('restore-email', { token: null, body: { token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expectBadInputAnswers(await expectBadInputHandled('restore-email', '', [{}, { token: 'short' }, { token: 42 }]));
  });

  it("a later change's undo link does not cancel an earlier one (the first owner always gets the address back)", async () => {
    const u = await createConfirmedUser();
    const original = u.email;
    const second = await changeEmail(u);
    const firstUndo = undoTokenOf(await latestMail(original, { subject: 'e-mail address was changed' }));
    await changeEmail(u);
    const secondUndo = undoTokenOf(await latestMail(second, { subject: 'e-mail address was changed' }));
    expect((await callFunction('restore-email', { token: null, body: { token: secondUndo } })).status).toBe(200);
    expect(await authEmail(u.user.id)).toBe(second);
    expect((await callFunction('restore-email', { token: null, body: { token: firstUndo } })).status).toBe(200);
    expect(await authEmail(u.user.id)).toBe(original);
    // And the earlier one retired the later one for good.
    expect((await callFunction('restore-email', { token: null, body: { token: secondUndo } })).status).toBe(400);
  });

  it('an expired undo link (7 days) is refused', async () => {
    const u = await createConfirmedUser();
    const before = u.email;
    await changeEmail(u);
    const token = undoTokenOf(await latestMail(before, { subject: 'e-mail address was changed' }));
    const late = await callFunction('restore-email', {
      token: null,
      body: { token },
      headers: { 'x-test-now': String(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000) },
    });
    expect(late.status).toBe(400);
    expect(await authEmail(u.user.id)).not.toBe(before);
  });
});
