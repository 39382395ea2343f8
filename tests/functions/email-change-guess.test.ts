// The wrong-code limit of confirm-email-change is checked and counted in one atomic statement, so
// parallel guesses cannot compare more than 5 codes (else 40 guesses at once would all be compared).
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, latestMail, serviceClient, uniqueEmail } from '../setup/clients.ts';
import { callFunction } from './helpers.ts';

describe('confirm-email-change under parallel guessing', () => {
  it('40 parallel guesses: at most 5 are compared, the rest are 429, the right code among them does not win', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('guess');
    const requested = await callFunction('request-email-change', {
      token: u.accessToken,
      body: { new_email: target, password: u.password },
    });
    expect(requested.status, requested.text).toBe(200);
    const mail = await latestMail(target, { subject: 'verification code' });
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    guesses[30] = code;
    const answers = await Promise.all(
      guesses.map((c) => callFunction('confirm-email-change', { token: u.accessToken, body: { code: c } })),
    );
    const compared = answers.filter((a) => a.status === 400 || a.status === 200);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(35);
    const { data: rows } = await serviceClient().from('email_change_requests').select('attempts, consumed_at').eq('user_id', u.user.id);
    expect(rows).toHaveLength(1);
    expect(rows![0].attempts).toBe(5);
    // Unless the right code was among the first five compared, the address did not change.
    const won = answers[30].status === 200;
    const { data: auth } = await serviceClient().auth.admin.getUserById(u.user.id);
    expect(auth.user?.email).toBe(won ? target : u.email);
  }, 60_000);
});

describe('confirm-email-change: the wrong-code limit holds whatever the concurrency', () => {
  it('60 parallel wrong guesses, then the right code is refused and the address is unchanged', async () => {
    const u = await createConfirmedUser();
    const target = uniqueEmail('parallel');
    const requested = await callFunction('request-email-change', {
      token: u.accessToken,
      body: { new_email: target, password: u.password },
    });
    expect(requested.status, requested.text).toBe(200);
    const mail = await latestMail(target, { subject: 'verification code' });
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const wrong = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((c) => callFunction('confirm-email-change', { token: u.accessToken, body: { code: c } })));
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(5);
    const right = await callFunction('confirm-email-change', { token: u.accessToken, body: { code } });
    expect(right.status, right.text).toBe(429);
    expect(right.body.error).toBe('too_many_attempts');
    const { data: auth } = await serviceClient().auth.admin.getUserById(u.user.id);
    expect(auth.user?.email).toBe(u.email);
    const { data: rows } = await serviceClient().from('email_change_requests').select('attempts, consumed_at').eq('user_id', u.user.id);
    expect(rows).toEqual([{ attempts: 5, consumed_at: expect.any(String) as string }]);
  }, 90_000);
});
