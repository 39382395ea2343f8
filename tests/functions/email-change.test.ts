import { describe, expect, it } from 'vitest';
import {
  anonClient,
  createConfirmedUser,
  latestMail,
  mailsTo,
  serviceClient,
  STRONG_PASSWORD,
  uniqueEmail,
  type ConfirmedUser,
} from '../setup/clients.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled } from './helpers.ts';

const MINUTE = 60_000;

const requestChange = (u: ConfirmedUser, new_email: string, nowMs?: number) =>
  callFunction('request-email-change', {
    token: u.accessToken,
    body: { new_email, password: u.password },
    headers: nowMs ? { 'x-test-now': String(nowMs) } : {},
  });
const confirmChange = (u: ConfirmedUser, code: string, nowMs?: number) =>
  callFunction('confirm-email-change', { token: u.accessToken, body: { code }, headers: nowMs ? { 'x-test-now': String(nowMs) } : {} });

/** The 6-digit code from the newest e-mail to `to`. */
async function codeFrom(to: string, after?: string): Promise<{ code: string; id: string }> {
  const mail = await latestMail(to, { subject: 'verification code', after });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return { code, id: mail.id };
}

/** A row of public.email_change_requests (the columns these tests read; `select *` reads all). */
interface EmailChangeRequestRow {
  id: string;
  new_email: string;
  code_hash: string;
  attempts: number;
}

async function requestsOf(userId: string): Promise<EmailChangeRequestRow[]> {
  const { data, error } = await serviceClient()
    .from('email_change_requests')
    .select('*')
    .eq('user_id', userId)
    .order('created_at', { ascending: true })
    .overrideTypes<EmailChangeRequestRow[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data;
}

async function authEmail(userId: string): Promise<string | undefined> {
  const { data } = await serviceClient().auth.admin.getUserById(userId);
  return data.user?.email;
}

async function profileEmail(userId: string): Promise<string | null> {
  const { data } = await serviceClient()
    .from('profiles')
    .select('email')
    .eq('user_id', userId)
    .single()
    .overrideTypes<{ email: string | null }, { merge: false }>();
  return data?.email ?? null;
}

describe('request-email-change / confirm-email-change', () => {
  it('e-mails a 6-digit code (stored hashed); the code changes the auth e-mail and profiles.email, once', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('new');
    const res = await requestChange(u, target.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('We emailed you a 6-digit code. Codes and links expire in 5 minutes.');
    const { code } = await codeFrom(target);
    expect(code).toMatch(/^\d{6}$/);

    const rows = await requestsOf(u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].new_email).toBe(target);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);

    const ok = await confirmChange(u, code);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ success: true, new_email: target });
    expect(await authEmail(u.user.id)).toBe(target);
    expect(await profileEmail(u.user.id)).toBe(target);
    expect((await anonClient().auth.signInWithPassword({ email: target, password: STRONG_PASSWORD })).error).toBeNull();

    const again = await confirmChange(u, code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('no_pending_request');
  });

  it('at most 5 wrong tries per code, then even the right code is refused', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('tries');
    expect((await requestChange(u, target)).status).toBe(200);
    const { code } = await codeFrom(target);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await confirmChange(u, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_code', attempts_left: 5 - i });
    }
    const blocked = await confirmChange(u, code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('too_many_attempts');
    expect(await authEmail(u.user.id)).toBe(u.email);
    expect((await requestsOf(u.user.id))[0].attempts).toBe(5);
  });

  it('codes expire after 5 minutes (clock injected with x-test-now)', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('expiry');
    const t0 = Date.now();
    expect((await requestChange(u, target, t0)).status).toBe(200);
    const { code } = await codeFrom(target);
    const late = await confirmChange(u, code, t0 + 5 * MINUTE + 1000);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('code_expired');
    expect(await authEmail(u.user.id)).toBe(u.email);
    const inTime = await confirmChange(u, code, t0 + 4 * MINUTE);
    expect(inTime.status, inTime.text).toBe(200);
    expect(await authEmail(u.user.id)).toBe(target);
  });

  it('at most 3 codes an hour; older codes stop counting after an hour', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('rate');
    for (let i = 0; i < 3; i++) expect((await requestChange(u, target)).status).toBe(200);
    const fourth = await requestChange(u, target);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe('rate_limited');
    // No wait needed: the function sends before it answers and the catcher stores a message before
    // it accepts it, so a code the refused request had sent would be here already.
    expect(await mailsTo(target)).toHaveLength(3);
    expect(await requestsOf(u.user.id)).toHaveLength(3);

    // An hour passes for the three codes (both the function and the database trigger count them).
    const hourAgo = new Date(Date.now() - 61 * MINUTE).toISOString();
    const { error, count } = await serviceClient()
      .from('email_change_requests')
      .update({ created_at: hourAgo }, { count: 'exact' })
      .eq('user_id', u.user.id);
    expect(error).toBeNull();
    expect(count).toBe(3);
    const later = await requestChange(u, target);
    expect(later.status, later.text).toBe(200);
  });

  it('an e-mail another account uses gets the same answer (no oracle), no code, and can never be confirmed', async () => {
    const [u, other] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const free = uniqueEmail('free');
    const taken = await requestChange(u, other.email);
    const answered = await requestChange(u, free);
    expect(taken.status, taken.text).toBe(200);
    expect(answered.status).toBe(200);
    expect(Object.keys(taken.body).sort()).toEqual(Object.keys(answered.body).sort());
    expect(taken.body.message).toBe(answered.body.message);
    // The taken address gets a note, never a code; both requests count against the hourly limit.
    const note = await latestMail(other.email, { subject: 'already in use' });
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    expect(await mailsTo(other.email).then((m) => m.filter((x) => x.subject.includes('verification code')))).toEqual([]);
    expect(await requestsOf(u.user.id)).toHaveLength(2);

    const target = uniqueEmail('race');
    expect((await requestChange(u, target)).status).toBe(200);
    const { code } = await codeFrom(target);
    await createConfirmedUser({ email: target });
    const res = await confirmChange(u, code);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('email_taken');
    expect(await authEmail(u.user.id)).toBe(u.email);
  });

  it('the same e-mail is refused; without a session 401', async () => {
    const u = await createConfirmedUser();
    expect((await requestChange(u, u.email)).body.error).toBe('same_email');
    expect((await callFunction('request-email-change', { token: null, body: { new_email: 'a@b.co' } })).status).toBe(401);
    expect((await callFunction('request-email-change', { body: { new_email: 'a@b.co' } })).status).toBe(401);
    expect((await callFunction('confirm-email-change', { body: { code: '123456' } })).status).toBe(401);
  });

  it('a code of one user does nothing for another', async () => {
    const [u, mallory] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const target = uniqueEmail('cross');
    expect((await requestChange(u, target)).status).toBe(200);
    const { code } = await codeFrom(target);
    const res = await confirmChange(mallory, code);
    expect(res.status).toBe(400);
    expect(await authEmail(mallory.user.id)).toBe(mallory.email);
    expect(await authEmail(u.user.id)).toBe(u.email);
  });

  it('bad input -> 400/413 JSON', async () => {
    const u = await createConfirmedUser();
    for (const [name, bodies] of [
      [
        'request-email-change',
        [
          {},
          { new_email: '' },
          { new_email: 'not-an-email' },
          { new_email: 42 },
          { new_email: 'a@b.co' },
          { new_email: 'a@b.co', password: 7 },
        ],
      ],
      ['confirm-email-change', [{}, { code: '' }, { code: '12345' }, { code: 'abcdef' }, { code: 123456 }]],
    ] as const) {
      expectBadInputAnswers(await expectBadInputHandled(name, u.accessToken, [...bodies]), undefined, name);
    }
  });
});
