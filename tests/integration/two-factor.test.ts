import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, type ConfirmedUser, type TestClient } from '../setup/clients.ts';
import { accessTokenAal } from '../../shared/rules/two-factor-session.ts';
import { totpCode } from '../../shared/rules/totp.ts';

/**
 * Supabase Auth's MFA API on the local stack, through real supabase-js: enrol a TOTP factor, verify
 * it with a code computed here by the product's own TOTP rule, and what an aal1 session of an
 * account with a factor may and may not do (the restrictive aal2 policies).
 */

const created: string[] = [];
afterAll(async () => {
  for (const id of created) await serviceClient().auth.admin.deleteUser(id);
});

async function account(): Promise<ConfirmedUser> {
  const u = await createConfirmedUser();
  created.push(u.user.id);
  return u;
}

async function signedIn(u: ConfirmedUser): Promise<TestClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: u.email, password: u.password });
  if (error) throw new Error(error.message);
  return client;
}

async function accessToken(client: TestClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no session');
  return data.session.access_token;
}

function claims(token: string): { aal?: string; amr?: { method: string }[] } {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { aal?: string; amr?: { method: string }[] };
}

async function enrolled(u: ConfirmedUser): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'LinkVault' });
  if (error) throw new Error(error.message);
  return { factorId: data.id, secret: data.totp.secret };
}

async function ownProfileRows(client: TestClient, userId: string): Promise<number> {
  const { data, error } = await client.from('profiles').select('user_id').eq('user_id', userId);
  if (error) throw new Error(error.message);
  return data.length;
}

describe('two-factor authentication (TOTP) on the local stack', () => {
  it('enrols a factor: QR code, secret and otpauth URI once, never the secret again', async () => {
    const u = await account();
    const { data, error } = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'LinkVault' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone' });
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(data!.totp.qr_code).not.toContain('#');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/LinkVault:${encodeURIComponent(u.email)}?algorithm=SHA1&digits=6&issuer=LinkVault&period=30&secret=${data!.totp.secret}`,
    );

    const listed = await u.client.auth.mfa.listFactors();
    expect(listed.data?.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']]);
    expect(listed.data?.totp).toEqual([]);
    const asAdmin = await serviceClient().auth.admin.getUserById(u.user.id);
    expect(JSON.stringify(asAdmin.data.user)).not.toContain(data!.totp.secret);
    // The same friendly name twice is refused, as GoTrue does.
    const again = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('verifies with the right code only, raises the session to aal2 and refuses the same code again', async () => {
    const u = await account();
    const { factorId, secret } = await enrolled(u);
    const wrong = await u.client.auth.mfa.challengeAndVerify({
      factorId,
      code: '000000' === (await totpCode(secret, Date.now())) ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);
    expect(accessTokenAal(await accessToken(u.client))).toBe('aal1');

    const code = await totpCode(secret, Date.now());
    const ok = await u.client.auth.mfa.challengeAndVerify({ factorId, code });
    expect(ok.error).toBeNull();
    const token = await accessToken(u.client);
    expect(claims(token).aal).toBe('aal2');
    expect(claims(token).amr?.map((a) => a.method)).toEqual(['totp', 'password']);
    const aal = await u.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await u.client.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factorId]);

    const replay = await u.client.auth.mfa.challengeAndVerify({ factorId, code });
    expect(replay.error?.code).toBe('mfa_verification_failed');

    // A refresh keeps the level.
    const refreshed = await u.client.auth.refreshSession();
    expect(claims(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('an aal1 session of an account with a factor reads and writes no rows until its code', async () => {
    const u = await account();
    const { factorId, secret } = await enrolled(u);
    const other = await signedIn(u); // an aal1 session from before the factor was verified
    expect((await u.client.auth.mfa.challengeAndVerify({ factorId, code: await totpCode(secret, Date.now()) })).error).toBeNull();
    // GoTrue ends the account's other aal1 sessions when the first factor is verified.
    const ended = await other.auth.getUser();
    expect(ended.data.user).toBeNull();
    expect(ended.error?.message).toMatch(/session/i);

    const tag = await u.client.from('tags').insert({ user_id: u.user.id, name: 'two-factor' }).select('id');
    expect(tag.error).toBeNull();
    expect(await ownProfileRows(u.client, u.user.id)).toBe(1);

    const aal1 = await signedIn(u);
    const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // The API's pre-request gate answers first (tests/integration/two-factor-gate.test.ts); the
    // restrictive policies stand behind it (tests/db/mfa-policies.test.ts).
    const gate = { code: 'PT401', message: 'Enter your two-factor code to continue.' };
    expect((await aal1.from('profiles').select('user_id').eq('user_id', u.user.id)).error).toMatchObject(gate);
    expect((await aal1.from('tags').select('id').eq('user_id', u.user.id)).error).toMatchObject(gate);
    const refusedInsert = await aal1.from('tags').insert({ user_id: u.user.id, name: 'aal1' });
    expect(refusedInsert.error).toMatchObject(gate);
    const refusedUpdate = await aal1.from('tags').update({ name: 'renamed' }, { count: 'exact' }).eq('user_id', u.user.id);
    expect(refusedUpdate.error).toMatchObject(gate);
    const reread = await u.client.from('tags').select('name').eq('user_id', u.user.id);
    expect(reread.data).toEqual([{ name: 'two-factor' }]);

    // The next step's code (the current one was used) raises this session too; then it reads.
    expect((await aal1.auth.mfa.challengeAndVerify({ factorId, code: await totpCode(secret, Date.now() + 30_000) })).error).toBeNull();
    expect(await ownProfileRows(aal1, u.user.id)).toBe(1);
    expect((await aal1.from('tags').select('id').eq('user_id', u.user.id)).data).toHaveLength(1);
  });

  it('an aal1 session cannot unenrol a verified factor; an aal2 one can, and the data opens to aal1 again', async () => {
    const u = await account();
    const { factorId, secret } = await enrolled(u);
    expect((await u.client.auth.mfa.challengeAndVerify({ factorId, code: await totpCode(secret, Date.now()) })).error).toBeNull();
    const aal1 = await signedIn(u);
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error?.code).toBe('insufficient_aal');
    expect((await aal1.auth.mfa.listFactors()).data?.totp).toHaveLength(1);
    // Nor can it add a second factor.
    expect((await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error?.code).toBe('insufficient_aal');

    const removed = await u.client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await u.client.auth.mfa.listFactors()).data?.all).toEqual([]);
    expect(claims((await u.client.auth.refreshSession()).data.session!.access_token).aal).toBe('aal1');
    expect(await ownProfileRows(aal1, u.user.id)).toBe(1);
  });

  it("an unverified factor can be dropped at aal1, and no one else's factor can be touched", async () => {
    const u = await account();
    const stranger = await account();
    const { factorId } = await enrolled(u);
    expect((await stranger.client.auth.mfa.unenroll({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await stranger.client.auth.mfa.challenge({ factorId })).error?.code).toBe('mfa_factor_not_found');
    expect((await u.client.auth.mfa.unenroll({ factorId })).error).toBeNull();
  });

  it('wrong codes are rate-limited per factor: past five, even the right code waits', async () => {
    const u = await account();
    const { factorId, secret } = await enrolled(u);
    const right = await totpCode(secret, Date.now());
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const wrong = await u.client.auth.mfa.challengeAndVerify({ factorId, code: wrongCode });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
    }
    const limited = await u.client.auth.mfa.challengeAndVerify({ factorId, code: right });
    expect(limited.error?.status).toBe(429);
    expect(accessTokenAal(await accessToken(u.client))).toBe('aal1');
  });

  it('answers 401 without a session and 404 for an unknown factor', async () => {
    const res = await anonClient().auth.mfa.enroll({ factorType: 'totp' });
    expect(res.error).not.toBeNull();
    const u = await account();
    const unknown = await u.client.auth.mfa.challenge({ factorId: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.error?.status).toBe(404);
  });
});
