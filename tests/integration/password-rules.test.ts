// The password rule of supabase/config.toml holds on every GoTrue path, and the last five
// passwords cannot come back through PUT /auth/v1/user: a rule one path skips is no rule (that
// path bypassed secure-reset).
import { describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';

async function storedHash(userId: string): Promise<string> {
  const { data } = await serviceClient()
    .from('password_history')
    .select('password_hash, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(1);
  return (data?.[0]?.password_hash as string) ?? '';
}

describe('password rules on every path', () => {
  it("PUT /user refuses '123456' and a password without every character class: 422 weak_password", async () => {
    const u = await createConfirmedUser();
    const before = await storedHash(u.user.id);
    const weak = await u.client.auth.updateUser({ password: '123456' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(weak.error?.message).toContain('at least 12 characters');
    const noSymbol = await u.client.auth.updateUser({ password: 'Abcdefghijk1' });
    expect(noSymbol.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((noSymbol.error as unknown as { reasons?: string[] }).reasons ?? ['characters']).toContain('characters');
    expect(await storedHash(u.user.id)).toBe(before);
    // The old password still signs in.
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: STRONG_PASSWORD })).error).toBeNull();
  });

  it('PUT /user refuses the last five passwords, accepts a new one', async () => {
    const u = await createConfirmedUser();
    const next = 'Another-Passw0rd!';
    expect((await u.client.auth.updateUser({ password: next })).error).toBeNull();
    const back = await u.client.auth.updateUser({ password: STRONG_PASSWORD });
    expect(back.error).toMatchObject({ status: 422, code: 'same_password' });
    const current = await u.client.auth.updateUser({ password: next });
    expect(current.error).toMatchObject({ status: 422, code: 'same_password' });
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: STRONG_PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: next })).error).toBeNull();
  });

  it('sign-up refuses a weak password: 422 weak_password, no user row', async () => {
    const email = uniqueEmail('weak');
    const { error } = await anonClient().auth.signUp({ email, password: 'password1' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
    const { data } = await serviceClient().from('profiles').select('user_id').eq('email', email);
    expect(data).toEqual([]);
  });
});
