import { describe, expect, it } from 'vitest';
import { testStack } from '../setup/stack-info.ts';
import {
  anonClient,
  createConfirmedUser,
  extractLink,
  followLink,
  hashParams,
  latestMail,
  mailsTo,
  serviceClient,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../setup/clients.ts';

const SITE = 'http://127.0.0.1:3999';
const APP_AUTH = 'http://127.0.0.1:5173/auth';

function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** GoTrue's error answer. */
interface AuthError {
  code: number;
  error_code: string;
  msg: string;
}
/** GoTrue's session answer (the fields these tests read). */
interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  token_type: string;
  user: { id: string };
}
/** An answer's JSON body, as the shape the test reads. */
async function jsonOf<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Raw request to /auth/v1 with the anon key, for answers supabase-js would hide. */
async function authFetch(path: string, init: RequestInit & { bearer?: string } = {}): Promise<Response> {
  const { url, anonKey } = testStack();
  const headers: Record<string, string> = {
    apikey: anonKey,
    'Content-Type': 'application/json',
    ...(init.headers as Record<string, string>),
  };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  return fetch(`${url}/auth/v1${path}`, { ...init, headers });
}

describe('sign-up and e-mail confirmation', () => {
  it('signs up, refuses sign-in until confirmed, confirms through the e-mailed link, and the session works', async () => {
    const email = uniqueEmail('signup');
    const supabase = anonClient();
    const { data, error } = await supabase.auth.signUp({
      email,
      password: STRONG_PASSWORD,
      options: { emailRedirectTo: APP_AUTH, data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const early = await anonClient().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await latestMail(email, { subject: 'Confirm your signup' });
    expect(mail.html).toContain('/auth/v1/verify?');
    const link = extractLink(mail.text);
    const linkUrl = new URL(link);
    expect(`${linkUrl.origin}${linkUrl.pathname}`).toBe(`${testStack().url}/auth/v1/verify`);
    expect(linkUrl.searchParams.get('type')).toBe('signup');
    expect(linkUrl.searchParams.get('redirect_to')).toBe(APP_AUTH);

    const { status, location } = await followLink(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${APP_AUTH}#`)).toBe(true);
    const params = hashParams(location);
    expect(params).toMatchObject({ token_type: 'bearer', type: 'signup', expires_in: '3600' });
    expect(params.refresh_token).toBeTruthy();

    const who = await supabase.auth.getUser(params.access_token);
    expect(who.error).toBeNull();
    expect(who.data.user?.email).toBe(email);
    expect(who.data.user?.email_confirmed_at).toBeTruthy();
    expect(who.data.user?.identities?.[0]).toMatchObject({ provider: 'email', identity_data: { email, email_verified: true } });

    // The link is single-use.
    const again = await followLink(link);
    expect(hashParams(again.location)).toMatchObject({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });

    const signedIn = await anonClient().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.last_sign_in_at).toBeTruthy();
  });

  it('answers 422 "User already registered" to a repeat sign-up of a confirmed address', async () => {
    const { email } = await createConfirmedUser();
    const { data, error } = await anonClient().auth.signUp({ email, password: 'another-password-1A!' });
    expect(error?.message).toBe('User already registered');
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
    expect(data.user).toBeNull();
    // The account keeps its password.
    expect((await anonClient().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
  });

  it('resends the confirmation to an unconfirmed address, but not more than once per 10 seconds', async () => {
    const email = uniqueEmail('resend');
    expect((await anonClient().auth.signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    const first = await latestMail(email);
    const again = await anonClient().auth.signUp({ email, password: STRONG_PASSWORD });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect((await mailsTo(email)).map((m) => m.id)).toEqual([first.id]);
  });

  it('rejects weak passwords, bad addresses and missing fields with GoTrue errors', async () => {
    const weak = await anonClient().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');

    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password: STRONG_PASSWORD });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');

    const noPassword = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail() }) });
    expect(noPassword.status).toBe(422);
    expect(await noPassword.json()).toEqual({ code: 422, error_code: 'validation_failed', msg: 'Signup requires a valid password' });

    const wrongType = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: STRONG_PASSWORD }) });
    expect(wrongType.status).toBe(400);
    expect((await jsonOf<AuthError>(wrongType)).error_code).toBe('bad_json');
  });
});

describe('password sign-in and the access token', () => {
  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const { email } = await createConfirmedUser();
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: 'whatever-1' });
    expect(unknown.error?.message).toBe('Invalid login credentials');
    const raw = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: 'nope' }) });
    expect(await raw.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('issues a session whose JWT carries GoTrue claims signed with the stack secret', async () => {
    const { email, password, user } = await createConfirmedUser({ firstName: 'Grace', lastName: 'Hopper' });
    const before = Math.floor(Date.now() / 1000);
    const res = await authFetch('/token?grant_type=password', {
      method: 'POST',
      body: JSON.stringify({ email: email.toUpperCase(), password }),
    });
    const after = Math.ceil(Date.now() / 1000);
    expect(res.status).toBe(200);
    const session = await jsonOf<Session>(res);
    expect(Object.keys(session).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user'].sort());
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${testStack().url}/auth/v1`,
      sub: user.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: { first_name: 'Grace', last_name: 'Hopper' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp).toBe(session.expires_at);
    // Issued by this sign-in (the stack runs on this machine's clock), valid for expires_in seconds.
    const iat = claims.iat as number;
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(after);
    expect(claims.exp).toBe(iat + session.expires_in);
    const amr = claims.amr as { method: string; timestamp: unknown }[];
    expect(amr.map((m) => m.method)).toEqual(['password']);
    expect(typeof amr[0].timestamp).toBe('number');
    expect(typeof claims.session_id).toBe('string');
    // The token is accepted by the REST gateway's verifier: /user answers with the same user.
    const me = await authFetch('/user', { bearer: session.access_token });
    expect(me.status).toBe(200);
    expect((await jsonOf<{ id: string }>(me)).id).toBe(user.id);
  });
});

describe('refresh tokens', () => {
  it('rotates on refresh and treats reuse of an older token as theft', async () => {
    const { email, password } = await createConfirmedUser();
    const signIn = await jsonOf<Session>(
      await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password }) }),
    );
    const refresh = (token: string) =>
      authFetch('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: token }) });

    const a = signIn.refresh_token;
    const r1 = await refresh(a);
    expect(r1.status).toBe(200);
    const b = (await jsonOf<Session>(r1)).refresh_token;
    expect(b).not.toBe(a);

    // Replaying the parent of the active token right away (a lost answer) returns the active token.
    const replay = await refresh(a);
    expect(replay.status).toBe(200);
    expect((await jsonOf<Session>(replay)).refresh_token).toBe(b);

    const c = (await jsonOf<Session>(await refresh(b))).refresh_token;
    expect(c).not.toBe(b);

    // `a` is now two generations old: refused, and the whole session ends.
    const reuse = await refresh(a);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ code: 400, error_code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' });
    const afterTheft = await refresh(c);
    expect(afterTheft.status).toBe(400);
    expect((await jsonOf<AuthError>(afterTheft)).msg).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const accessAfterTheft = await authFetch('/user', { bearer: signIn.access_token });
    expect(accessAfterTheft.status).toBe(403);
    expect((await jsonOf<AuthError>(accessAfterTheft)).error_code).toBe('session_not_found');
  });

  it('refreshes through supabase-js and refuses an unknown token', async () => {
    const { client } = await createConfirmedUser();
    const before = (await client.auth.getSession()).data.session!;
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(before.refresh_token);
    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('sign-out', () => {
  it('ends the session: its refresh token and access token stop working', async () => {
    const { client, accessToken } = await createConfirmedUser();
    const refreshToken = (await client.auth.getSession()).data.session!.refresh_token;
    expect((await client.auth.signOut()).error).toBeNull();
    const r = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(r.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const me = await authFetch('/user', { bearer: accessToken });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({
      code: 403,
      error_code: 'session_not_found',
      msg: 'Session from session_id claim in JWT does not exist',
    });
  });

  it("scope 'others' keeps the current session and ends the rest", async () => {
    const first = await createConfirmedUser();
    const second = anonClient();
    await second.auth.signInWithPassword({ email: first.email, password: first.password });
    const res = await authFetch('/logout?scope=others', { method: 'POST', bearer: first.accessToken });
    expect(res.status).toBe(204);
    expect((await authFetch('/user', { bearer: first.accessToken })).status).toBe(200);
    const secondToken = (await second.auth.getSession()).data.session!.access_token;
    expect((await authFetch('/user', { bearer: secondToken })).status).toBe(403);
    const bad = await authFetch('/logout?scope=everything', { method: 'POST', bearer: first.accessToken });
    expect(bad.status).toBe(400);
  });
});

describe('password recovery', () => {
  it('e-mails a recovery link that opens a recovery session in which the password can be changed', async () => {
    const { email, password } = await createConfirmedUser();
    const supabase = anonClient();
    const { data, error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: APP_AUTH });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await latestMail(email, { subject: 'Reset your password' });
    const link = extractLink(mail.text);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    const { status, location } = await followLink(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${APP_AUTH}#`)).toBe(true);
    const params = hashParams(location);
    expect(params.type).toBe('recovery');

    const recovered = anonClient();
    const set = await recovered.auth.setSession({ access_token: params.access_token, refresh_token: params.refresh_token });
    expect(set.error).toBeNull();
    const sameAgain = await recovered.auth.updateUser({ password });
    expect(sameAgain.error?.code).toBe('same_password');
    const newPassword = 'Brand-new-Passw0rd!';
    const upd = await recovered.auth.updateUser({ password: newPassword });
    expect(upd.error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.message).toBe('Invalid login credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await authFetch('/recover', { method: 'POST', body: JSON.stringify({ email }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    // Recovery mail goes out after the answer (the answer must not tell whether the address has an
    // account), so wait for a later e-mail to the same address: once the sign-up confirmation has
    // arrived, a recovery e-mail sent before it would be there too.
    expect((await anonClient().auth.signUp({ email, password: STRONG_PASSWORD })).error).toBeNull();
    const later = await latestMail(email, { subject: 'Confirm' });
    expect((await mailsTo(email)).map((m) => m.id)).toEqual([later.id]);
    const bad = await authFetch('/recover', { method: 'POST', body: JSON.stringify({ email: 'nope' }) });
    expect(bad.status).toBe(400);
    expect((await jsonOf<AuthError>(bad)).msg).toBe('Unable to validate email address: invalid format');
  });

  it('limits recovery e-mails per address', async () => {
    const { email } = await createConfirmedUser();
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await anonClient().auth.resetPasswordForEmail(email);
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
  });
});

describe('redirects', () => {
  it('sends an e-mail link for an evil redirect to the site URL instead', async () => {
    const email = uniqueEmail('evil');
    await anonClient().auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = extractLink((await latestMail(email)).text);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(SITE);
    // Even a hand-edited link cannot send the tokens elsewhere.
    const edited = new URL(link);
    edited.searchParams.set('redirect_to', 'https://evil.example/steal');
    const { location } = await followLink(edited.toString());
    expect(location.startsWith(`${SITE}/#access_token=`)).toBe(true);
    expect(location).not.toContain('evil.example');
  });

  it('keeps allow-listed redirects (extension pages) and rejects look-alikes', async () => {
    const bad = await followLink(
      `${testStack().url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent('http://127.0.0.1:3999@evil.example/')}`,
    );
    expect(bad.location.startsWith(`${SITE}/#error=access_denied`)).toBe(true);
    const ext = await followLink(
      `${testStack().url}/auth/v1/verify?token=bogus&type=signup&redirect_to=${encodeURIComponent('chrome-extension://abcdef/options.html')}`,
    );
    expect(ext.location.startsWith('chrome-extension://abcdef/options.html#error=access_denied&error_code=otp_expired')).toBe(true);
  });
});

describe('verifyOtp, generate_link and e-mail change', () => {
  it('verifies a generated magic link by token_hash and a recovery code by e-mail + OTP', async () => {
    const { email } = await createConfirmedUser();
    const admin = serviceClient();
    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email });
    expect(magic.error).toBeNull();
    expect(magic.data.properties?.verification_type).toBe('magiclink');
    expect(magic.data.user?.email).toBe(email);
    const viaHash = await anonClient().auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' });
    expect(viaHash.error).toBeNull();
    expect(viaHash.data.session?.user.email).toBe(email);

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email });
    const wrong = await anonClient().auth.verifyOtp({
      email,
      token: '000000' === recovery.data.properties!.email_otp ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error?.message).toBe('Token has expired or is invalid');
    expect(wrong.error?.status).toBe(403);
    const viaOtp = await anonClient().auth.verifyOtp({ email, token: recovery.data.properties!.email_otp, type: 'recovery' });
    expect(viaOtp.error).toBeNull();
    expect(viaOtp.data.session?.access_token).toBeTruthy();
  });

  // GoTrue's secure e-mail change (config.toml [auth.email] double_confirm_changes = true, as on
  // hosted): PUT /user {email} mails both addresses and moves the account only once both links are
  // followed, in either order, so a stolen session alone cannot take the account through this door.
  it.each(['new first', 'current first'] as const)(
    'changes the e-mail address only after the links sent to the new and the current address are both followed (%s)',
    async (order) => {
      const { client, user, email } = await createConfirmedUser();
      const newEmail = uniqueEmail('moved');
      const { data, error } = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: APP_AUTH });
      expect(error).toBeNull();
      expect(data.user?.new_email).toBe(newEmail);
      expect(data.user?.email).toBe(user.email);
      const toNew = extractLink((await latestMail(newEmail, { subject: 'Confirm your new e-mail address' })).text);
      const toCurrent = await latestMail(email, { subject: 'Confirm the change of your e-mail address' });
      expect(toCurrent.text).toContain(newEmail);
      const [first, second] = order === 'new first' ? [toNew, extractLink(toCurrent.text)] : [extractLink(toCurrent.text), toNew];

      const half = await followLink(first);
      expect(half.location.startsWith(APP_AUTH)).toBe(true);
      expect(hashParams(half.location)).toEqual({
        message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      });
      const between = await serviceClient().auth.admin.getUserById(user.id);
      expect(between.data.user?.email).toBe(email);
      expect(between.data.user?.new_email).toBe(newEmail);
      // The same link twice does not count as the other one.
      expect(hashParams((await followLink(first)).location).error_code).toBe('otp_expired');
      expect((await serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(email);

      const { location } = await followLink(second);
      expect(hashParams(location).type).toBe('email_change');
      const after = await serviceClient().auth.admin.getUserById(user.id);
      expect(after.data.user?.email).toBe(newEmail);
      expect(after.data.user?.new_email).toBeUndefined();
    },
  );

  it("a secure e-mail change by token_hash (verifyOtp): the first answers GoTrue's message and no session, the second a session", async () => {
    const { client, user, email } = await createConfirmedUser();
    const newEmail = uniqueEmail('moved-otp');
    expect((await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: APP_AUTH })).error).toBeNull();
    const tokenOf = (text: string) => new URL(extractLink(text)).searchParams.get('token')!;
    const toNew = tokenOf((await latestMail(newEmail, { subject: 'Confirm your new e-mail address' })).text);
    const toCurrent = tokenOf((await latestMail(email, { subject: 'Confirm the change of your e-mail address' })).text);
    const { url, anonKey } = testStack();
    const verify = (token_hash: string) =>
      fetch(`${url}/auth/v1/verify`, {
        method: 'POST',
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'email_change', token_hash }),
      });
    const first = await verify(toCurrent);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    expect((await serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(email);
    const second = await anonClient().auth.verifyOtp({ token_hash: toNew, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.session?.user.email).toBe(newEmail);
  });
});

describe('e-mail change by code (what an edge function can drive)', () => {
  it('generates an email_change_new code that verifyOtp accepts for the new address only', async () => {
    const { user, email } = await createConfirmedUser();
    const newEmail = uniqueEmail('code');
    const gen = await serviceClient().auth.admin.generateLink({ type: 'email_change_new', email, newEmail });
    expect(gen.error).toBeNull();
    const otp = gen.data.properties!.email_otp;
    const wrongAddress = await anonClient().auth.verifyOtp({ email, token: otp, type: 'email_change' });
    expect(wrongAddress.error?.code).toBe('otp_expired');
    const ok = await anonClient().auth.verifyOtp({ email: newEmail, token: otp, type: 'email_change' });
    expect(ok.error).toBeNull();
    expect((await serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(newEmail);
  });
});

describe('admin API', () => {
  it('refuses the anon key and a user token', async () => {
    const { url, anonKey } = testStack();
    const { accessToken } = await createConfirmedUser();
    for (const bearer of [anonKey, accessToken]) {
      for (const [method, path] of [
        ['GET', '/admin/users'],
        ['POST', '/admin/users'],
        ['POST', '/admin/generate_link'],
      ]) {
        const res = await fetch(`${url}/auth/v1${path}`, {
          method,
          headers: { apikey: anonKey, Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
          body: method === 'POST' ? JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, type: 'signup' }) : undefined,
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
      }
    }
    const viaJs = await anonClient().auth.admin.listUsers();
    expect(viaJs.error?.status).toBe(403);
  });

  it('creates, reads, lists, updates, bans and deletes users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: STRONG_PASSWORD,
      email_confirm: true,
      user_metadata: { first_name: 'Alan' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Alan' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
    });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();

    const dup = await admin.createUser({ email, password: STRONG_PASSWORD });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);

    const got = await admin.getUserById(id);
    expect(got.data.user?.email).toBe(email);

    const listed = await admin.listUsers({ page: 1, perPage: 2 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.length).toBe(2);
    expect((listed.data as { aud?: string }).aud).toBe('authenticated');
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(2);
    const raw = await fetch(`${testStack().url}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: testStack().serviceRoleKey, Authorization: `Bearer ${testStack().serviceRoleKey}` },
    });
    expect(Number(raw.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(raw.headers.get('link')).toMatch(/<[^>]+\/auth\/v1\/admin\/users\?page=2&per_page=1>; rel="next"/);

    const upd = await admin.updateUserById(id, { user_metadata: { last_name: 'Turing' }, app_metadata: { plan: null } });
    expect(upd.data.user?.user_metadata).toEqual({ first_name: 'Alan', last_name: 'Turing' });
    expect(upd.data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    expect((await admin.updateUserById(id, { password: 'Changed-Passw0rd!' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Changed-Passw0rd!' })).error).toBeNull();

    expect((await admin.updateUserById(id, { ban_duration: '24h' })).data.user?.banned_until).toBeTruthy();
    const banned = await anonClient().auth.signInWithPassword({ email, password: 'Changed-Passw0rd!' });
    expect(banned.error?.code).toBe('user_banned');
    expect((await admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull();
    expect((await admin.updateUserById(id, { ban_duration: 'forever' })).error?.status).toBe(400);

    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect((await anonClient().auth.signInWithPassword({ email, password: 'Changed-Passw0rd!' })).error?.message).toBe(
      'Invalid login credentials',
    );
  });

  it('generates a sign-up link that confirms the account', async () => {
    const email = uniqueEmail('gen');
    const res = await serviceClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: STRONG_PASSWORD,
      options: { redirectTo: APP_AUTH },
    });
    expect(res.error).toBeNull();
    expect(res.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: APP_AUTH });
    expect(res.data.properties?.email_otp).toMatch(/^\d{6}$/);
    const { location } = await followLink(res.data.properties!.action_link);
    expect(hashParams(location).type).toBe('signup');
    expect((await anonClient().auth.signInWithPassword({ email, password: STRONG_PASSWORD })).error).toBeNull();
    expect(await mailsTo(email)).toEqual([]); // generate_link sends nothing
  });
});

describe('bad input and bad tokens', () => {
  it('answers GoTrue errors, never a 500', async () => {
    const badJson = await authFetch('/token?grant_type=password', { method: 'POST', body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' });

    const tooBig = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail(), password: STRONG_PASSWORD, data: { blob: 'x'.repeat(1024 * 1024 + 10) } }),
    });
    expect(tooBig.status).toBe(413);
    expect((await jsonOf<AuthError>(tooBig)).error_code).toBe('request_too_large');

    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    expect((await jsonOf<AuthError>(grant)).error_code).toBe('unsupported_grant_type');

    const arrayBody = await authFetch('/signup', { method: 'POST', body: '[1,2]' });
    expect(arrayBody.status).toBe(400);

    const unknownRoute = await authFetch('/nope');
    expect(unknownRoute.status).toBe(404);
    const wrongMethod = await authFetch('/signup', { method: 'GET' });
    expect(wrongMethod.status).toBe(405);

    const badVerify = await authFetch('/verify', { method: 'POST', body: JSON.stringify({ type: 'signup', token_hash: 'nope' }) });
    expect(badVerify.status).toBe(403);
    expect(await badVerify.json()).toEqual({ code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
    const badType = await authFetch('/verify', { method: 'POST', body: JSON.stringify({ type: 'weird', token_hash: 'x' }) });
    expect(badType.status).toBe(400);

    const badAdminId = await fetch(`${testStack().url}/auth/v1/admin/users/not-a-uuid`, {
      headers: { apikey: testStack().serviceRoleKey, Authorization: `Bearer ${testStack().serviceRoleKey}` },
    });
    expect(badAdminId.status).toBe(404);
  });

  it('refuses missing, forged and expired bearers on /user', async () => {
    const { accessToken } = await createConfirmedUser();
    const missing = await authFetch('/user');
    expect(missing.status).toBe(401);
    expect((await jsonOf<AuthError>(missing)).error_code).toBe('no_authorization');

    const [h, p] = accessToken.split('.');
    const forged = await authFetch('/user', { bearer: `${h}.${p}.${Buffer.from('forged-signature').toString('base64url')}` });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      code: 403,
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, signature is invalid',
    });

    const { signJwt } = await import('../../supabase/local/jwt.ts');
    const claims = decodeJwt(accessToken);
    const expired = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, testStack().jwtSecret);
    const exp = await authFetch('/user', { bearer: expired });
    expect(exp.status).toBe(403);
    expect((await jsonOf<AuthError>(exp)).msg).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );

    const anonAsUser = await authFetch('/user', { bearer: testStack().anonKey });
    expect(anonAsUser.status).toBe(403);
    expect((await jsonOf<AuthError>(anonAsUser)).msg).toBe('invalid claim: missing sub claim');

    const garbage = await authFetch('/user', { bearer: 'garbage' });
    expect(garbage.status).toBe(403);
  });

  it('requires an API key as the hosted gateway does, except on browser links', async () => {
    const { url } = testStack();
    const noKey = await fetch(`${url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    expect((await jsonOf<{ message: string }>(noKey)).message).toBe('No API key found in request');
    const wrongKey = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(wrongKey.status).toBe(401);
    const link = await fetch(`${url}/auth/v1/verify?token=x&type=signup`, { redirect: 'manual' });
    expect(link.status).toBe(303);
  });
});

describe('health, settings and OAuth', () => {
  it('reports health and settings', async () => {
    const health = await jsonOf<Record<string, unknown>>(await authFetch('/health'));
    expect(health.name).toBe('GoTrue');
    expect(typeof health.version).toBe('string');
    expect(typeof health.description).toBe('string');
    const settings = await jsonOf<{ external: Record<string, unknown> }>(await authFetch('/settings'));
    expect(settings).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false });
    expect(typeof settings.external.facebook).toBe('boolean');
  });

  it('sends the browser back with an error when the provider is not enabled', async () => {
    if (process.env.FACEBOOK_AUTH_URL || process.env.FACEBOOK_CLIENT_ID) return; // the stack would have it enabled
    const { url } = testStack();
    const res = await fetch(
      `${url}/auth/v1/authorize?provider=facebook&redirect_to=${encodeURIComponent('http://127.0.0.1:5173/settings/social-sharing')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const params = hashParams(res.headers.get('location')!);
    expect(res.headers.get('location')!.startsWith('http://127.0.0.1:5173/settings/social-sharing#')).toBe(true);
    expect(params.error_description).toBe('Unsupported provider: Provider is not enabled');
    const { data } = await anonClient().auth.signInWithOAuth({
      provider: 'facebook',
      options: { skipBrowserRedirect: true, redirectTo: 'https://evil.example/' },
    });
    const viaJs = await fetch(data.url!, { redirect: 'manual' });
    expect(viaJs.headers.get('location')!.startsWith(`${SITE}/#error=`)).toBe(true);
  });
});

describe('PKCE flow', () => {
  it('confirms a sign-up with ?code= and exchanges it only with the right verifier', async () => {
    const email = uniqueEmail('pkce');
    const client = anonClient({ flowType: 'pkce' });
    expect((await client.auth.signUp({ email, password: STRONG_PASSWORD, options: { emailRedirectTo: APP_AUTH } })).error).toBeNull();
    const link = extractLink((await latestMail(email)).text);
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const { location } = await followLink(link);
    const landed = new URL(location);
    expect(`${landed.origin}${landed.pathname}`).toBe(APP_AUTH);
    expect(landed.hash).toBe('');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const wrong = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(wrong.status).toBe(400);
    expect((await jsonOf<AuthError>(wrong)).error_code).toBe('bad_code_verifier');

    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    // One use only.
    const replay = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(replay.status).toBe(404);
    expect((await jsonOf<AuthError>(replay)).error_code).toBe('flow_state_not_found');
  });
});
