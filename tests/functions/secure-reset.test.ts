import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { startFakeHibp, type FakeHibp } from '../fakes/hibp.ts';
import { callFunction, expectBadInputAnswers, expectBadInputHandled, setFunctionEnv } from './helpers.ts';

const reset = (u: ConfirmedUser, new_password: string, user_id = u.user.id) =>
  callFunction('secure-reset', { token: u.accessToken, body: { user_id, new_password } });

async function canSignIn(email: string, password: string): Promise<boolean> {
  const { error } = await anonClient().auth.signInWithPassword({ email, password });
  return !error;
}

async function historyCount(userId: string): Promise<number> {
  const { count } = await serviceClient().from('password_history').select('id', { count: 'exact', head: true }).eq('user_id', userId);
  return count ?? 0;
}

let hibp: FakeHibp;
let user: ConfirmedUser;

beforeAll(async () => {
  hibp = await startFakeHibp();
  await setFunctionEnv('secure-reset', { HIBP_URL: hibp.url });
  user = await createConfirmedUser();
  const { error } = await user.client
    .from('profiles')
    .update({ username: `zed${user.user.id.slice(0, 6)}` })
    .eq('user_id', user.user.id);
  expect(error).toBeNull();
});

afterAll(async () => {
  await setFunctionEnv('secure-reset', {});
  await hibp.close();
});

describe('secure-reset policy codes', () => {
  const cases: [string, () => string][] = [
    ['min_length', () => 'Ab1!xyz'],
    ['class_mix', () => 'onlylowercaseletters'],
    ['contains_identity', () => `Q7!${user.email.split('@')[0].toUpperCase()}Xp#`],
    ['seq_or_repeat', () => 'Xk9!abcdQz7#m'],
    ['seq_or_repeat', () => 'Xk9!zzzzQz7#m'],
    ['breached', () => 'Password2024!'],
    ['too_weak', () => 'Tr1cky!Tr1cky!'],
  ];
  for (const [code, password] of cases) {
    it(`${code}: ${code === 'contains_identity' ? 'part of the e-mail' : password()}`, async () => {
      const res = await reset(user, password());
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(code);
      expect(typeof res.body.message).toBe('string');
      expect(await canSignIn(user.email, STRONG_PASSWORD)).toBe(true);
    });
  }

  it('contains_identity: the username', async () => {
    const res = await reset(user, `Vq8!zed${user.user.id.slice(0, 6)}#Lm`);
    expect(res.body.error).toBe('contains_identity');
  });

  it('breached: the HIBP range API, sending only the first 5 hex characters of the SHA-1', async () => {
    const password = 'Vx7#qLm2!pRt9z';
    hibp.pwned.add(password);
    const before = hibp.requests.length;
    const res = await reset(user, password);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('breached');
    const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
    const asked = hibp.requests.slice(before);
    expect(asked.map((r) => r.path)).toEqual([`/range/${sha1.slice(0, 5)}`]);
    expect(JSON.stringify(asked)).not.toContain(sha1.slice(5));
    expect(JSON.stringify(asked)).not.toContain(password);
  });

  it('reuse_disallowed and success: a new password works, the old is refused as reuse', async () => {
    const u = await createConfirmedUser();
    const historyBefore = await historyCount(u.user.id);
    const next = 'Gl4cier!Maple#Owl';
    const ok = await reset(u, next);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Password updated successfully with enhanced security!' });
    expect(await canSignIn(u.email, next)).toBe(true);
    expect(await canSignIn(u.email, STRONG_PASSWORD)).toBe(false);
    expect(await historyCount(u.user.id)).toBe(historyBefore + 1);

    const back = await reset(u, STRONG_PASSWORD);
    expect(back.status).toBe(400);
    expect(back.body.error).toBe('reuse_disallowed');
    const same = await reset(u, next);
    expect(same.body.error).toBe('reuse_disallowed');
    expect(await canSignIn(u.email, next)).toBe(true);
  });

  it('HIBP unreachable: the offline list still applies and a strong password is accepted', async () => {
    const u = await createConfirmedUser();
    hibp.up = false;
    try {
      expect((await reset(u, 'Password2024!')).body.error).toBe('breached');
      const res = await reset(u, 'Harbor7#Lantern!Fox');
      expect(res.status, res.text).toBe(200);
    } finally {
      hibp.up = true;
    }
  });

  it('update_failed: the auth admin API refusing the update (72 characters but more than 72 bytes)', async () => {
    const u = await createConfirmedUser();
    const password = 'Zé9!xÅq7ñ#Wø'.repeat(6);
    expect(password.length).toBe(72);
    const res = await reset(u, password);
    expect(res.status).toBe(500);
    expect(res.body.error).toBe('update_failed');
    expect(await canSignIn(u.email, STRONG_PASSWORD)).toBe(true);
  });
});

describe('secure-reset access', () => {
  it("refuses another user's id and changes nothing", async () => {
    const victim = await createConfirmedUser();
    const res = await reset(user, 'Gl4cier!Maple#Owl2', victim.user.id);
    expect(res.status).toBe(403);
    expect(await canSignIn(victim.email, STRONG_PASSWORD)).toBe(true);
  });

  it('needs a session: no JWT 401, anon key 401', async () => {
    expect((await callFunction('secure-reset', { token: null, body: { user_id: user.user.id, new_password: 'x' } })).status).toBe(401);
    const anon = await callFunction('secure-reset', { body: { user_id: user.user.id, new_password: 'Gl4cier!Maple#Owl3' } });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('Authentication required');
  });

  it('bad input -> 400/413 JSON', async () => {
    const answers = await expectBadInputHandled('secure-reset', user.accessToken, [
      {},
      { user_id: user.user.id },
      { user_id: user.user.id, new_password: 12345678901234 },
      { user_id: 'nope', new_password: 'Gl4cier!Maple#Owl' },
      { user_id: user.user.id, new_password: 'x'.repeat(73) },
      null,
    ]);
    expectBadInputAnswers(answers);
  });
});
