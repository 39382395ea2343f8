// Functions and auth: over-long or undeliverable input answers 400 with a readable message, never
// 5xx (a 5xx says the server broke, and hides what the user must fix), and a refused sign-up
// leaves no user row behind.
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { callFunction } from './helpers.ts';

describe('bad input answers 400', () => {
  let user: ConfirmedUser;
  beforeAll(async () => {
    user = await createConfirmedUser();
  });

  it('over-long URLs to incoming-links and share-incoming: 400 with a readable message, nothing saved', async () => {
    const long = `https://example.com/${'a'.repeat(5000)}`;
    const incoming = await callFunction('incoming-links', { token: user.accessToken, body: { link: long } });
    expect(incoming.status, incoming.text).toBe(400);
    expect(String(incoming.body.message)).toMatch(/at most 2048 characters/);
    const share = await callFunction('share-incoming', { token: user.accessToken, body: { url: long } });
    expect(share.status, share.text).toBe(400);
    const { count } = await serviceClient().from('links').select('id', { count: 'exact', head: true }).eq('user_id', user.user.id);
    expect(count).toBe(0);
  });

  it('request-email-change with a 300-character local part: 400', async () => {
    const res = await callFunction('request-email-change', {
      token: user.accessToken,
      body: { new_email: `${'x'.repeat(300)}@example.test` },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(/Invalid email address/);
  });

  it("sign-up with an address SMTP refuses ('a..b@x'): 400 and no user row", async () => {
    for (const email of [`a..b-${Date.now()}@example.test`, `.lead-${Date.now()}@example.test`, `${'l'.repeat(65)}@example.test`]) {
      const { error } = await anonClient().auth.signUp({ email, password: 'Sturdy-Passw0rd!' });
      expect({ status: error?.status, code: error?.code, message: error?.message }, email).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
      const { data } = await serviceClient().from('profiles').select('user_id').eq('email', email.toLowerCase());
      expect(data, email).toEqual([]);
    }
  });
});
