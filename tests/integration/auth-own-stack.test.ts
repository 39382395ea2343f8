import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack } from '../setup/stack.global.ts';
import { clientFor, extractLink, followLink, hashParams, latestMail, mailsTo, STRONG_PASSWORD, uniqueEmail } from '../setup/clients.ts';
import type { RunningStack } from '../../supabase/local/server.ts';
import type { TestStack } from '../setup/stack-info.ts';

/**
 * Auth behaviour that needs a stack of its own: an injected clock (link expiry, refresh-token reuse
 * interval), a fake Facebook on 127.0.0.1 (the only outside world involved), and a failing trigger.
 */
let stack: RunningStack;
let info: TestStack;
let cleanup: () => void;
let offsetMs = 0;
const APP_AUTH = 'http://127.0.0.1:5173/auth';

beforeAll(async () => {
  ({ stack, info, cleanup } = await startTestStack());
  stack.config.now = () => Date.now() + offsetMs;
});
afterAll(async () => {
  await stack?.stop();
  cleanup?.();
});

const anon = (): SupabaseClient => clientFor(info.url, info.anonKey);
const admin = (): SupabaseClient => clientFor(info.url, info.serviceRoleKey);

async function confirmedUser(): Promise<{ email: string; password: string; id: string }> {
  const email = uniqueEmail('clock');
  const { data, error } = await admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  if (error) throw error;
  return { email, password: STRONG_PASSWORD, id: data.user.id };
}

async function requestRecoveryLink(email: string): Promise<string> {
  const before = await latestMail(email, { mailUrl: info.mailUrl, timeoutMs: 1 }).catch(() => undefined);
  expect((await anon().auth.resetPasswordForEmail(email, { redirectTo: APP_AUTH })).error).toBeNull();
  return extractLink((await latestMail(email, { mailUrl: info.mailUrl, subject: 'Reset your password', after: before })).text);
}

describe('with an injected clock', () => {
  it('honours a recovery link for 5 minutes and refuses it after', async () => {
    offsetMs = 0;
    const { email } = await confirmedUser();
    const stale = await requestRecoveryLink(email);
    offsetMs = 5 * 60_000 + 1_000;
    const expired = await followLink(stale);
    expect(expired.location.startsWith(`${APP_AUTH}#`)).toBe(true);
    expect(hashParams(expired.location)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });

    const fresh = await requestRecoveryLink(email);
    offsetMs += 4 * 60_000 + 50_000; // 4 min 50 s later: still valid
    const ok = await followLink(fresh);
    expect(hashParams(ok.location)).toMatchObject({ type: 'recovery', token_type: 'bearer' });
  });

  it('refuses a rotated refresh token once the 10-second reuse interval is over, and ends the session', async () => {
    offsetMs = 0;
    const { email, password } = await confirmedUser();
    const client = anon();
    const signIn = await client.auth.signInWithPassword({ email, password });
    const first = signIn.data.session!.refresh_token;
    const rotated = await anon().auth.refreshSession({ refresh_token: first });
    expect(rotated.error).toBeNull();
    const second = rotated.data.session!.refresh_token;

    offsetMs = 11_000;
    const reuse = await anon().auth.refreshSession({ refresh_token: first });
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const child = await anon().auth.refreshSession({ refresh_token: second });
    expect(child.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    const rows = await stack.db.query('select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [email]);
    expect(rows.rows.length).toBe(0);
  });

  it('expires access tokens by the same clock', async () => {
    offsetMs = 0;
    const { email, password } = await confirmedUser();
    const { data } = await anon().auth.signInWithPassword({ email, password });
    offsetMs = (stack.config.jwtExpiry + 5) * 1000;
    const res = await fetch(`${info.url}/auth/v1/user`, {
      headers: { apikey: info.anonKey, Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe(
      'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    );
    offsetMs = 0;
  });
});

describe('auto-confirm', () => {
  it('returns a session at sign-up and sends no e-mail when the stack auto-confirms', async () => {
    stack.config.autoconfirm = true;
    try {
      const email = uniqueEmail('auto');
      const { data, error } = await anon().auth.signUp({ email, password: STRONG_PASSWORD, options: { data: { first_name: 'Auto' } } });
      expect(error).toBeNull();
      expect(data.session?.access_token).toBeTruthy();
      expect(data.user?.email_confirmed_at).toBeTruthy();
      const settings = (await (await fetch(`${info.url}/auth/v1/settings`, { headers: { apikey: info.anonKey } })).json()) as {
        mailer_autoconfirm: boolean;
      };
      expect(settings.mailer_autoconfirm).toBe(true);
      // Auth e-mails go out after the answer: wait for a later one to the same address. Once the
      // recovery e-mail has arrived, a confirmation sent at sign-up would be there too.
      expect((await anon().auth.resetPasswordForEmail(email, { redirectTo: APP_AUTH })).error).toBeNull();
      const later = await latestMail(email, { mailUrl: info.mailUrl, subject: 'Reset your password' });
      expect((await mailsTo(email, info.mailUrl)).map((m) => m.id)).toEqual([later.id]);
    } finally {
      stack.config.autoconfirm = false;
    }
  });
});

describe('a failing trigger on auth.users', () => {
  it('answers "Database error saving new user" and keeps no half-made user', async () => {
    await stack.db.exec(`
      create or replace function public.test_refuse_signup() returns trigger language plpgsql as $$
      begin
        if new.email like 'refused-%' then raise exception 'profile trigger failed'; end if;
        return new;
      end $$;
      drop trigger if exists test_refuse_signup on auth.users;
      create trigger test_refuse_signup before insert on auth.users for each row execute function public.test_refuse_signup();
    `);
    try {
      const email = uniqueEmail('refused');
      const res = await fetch(`${info.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: info.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: STRONG_PASSWORD }),
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ code: 500, error_code: 'unexpected_failure', msg: 'Database error saving new user' });
      expect((await stack.db.query('select 1 from auth.users where email = $1', [email])).rows.length).toBe(0);
      // Others still sign up.
      expect((await anon().auth.signUp({ email: uniqueEmail('fine'), password: STRONG_PASSWORD })).error).toBeNull();
    } finally {
      await stack.db.exec('drop trigger if exists test_refuse_signup on auth.users; drop function if exists public.test_refuse_signup();');
    }
  });
});

describe('Facebook OAuth against a fake provider', () => {
  let fake: http.Server;
  let fakeUrl = '';
  const profiles = new Map<string, { id: string; name: string; email?: string }>();
  let nextProfile: { id: string; name: string; email?: string } = { id: '1', name: 'x' };
  const seen: { tokenForm?: URLSearchParams } = {};

  beforeAll(async () => {
    // The fake speaks Facebook's three endpoints: consent dialog, code exchange, profile.
    fake = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (url.pathname === '/dialog/oauth') {
        const code = `code-${profiles.size + 1}`;
        profiles.set(code, nextProfile);
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state')!);
        res.writeHead(302, { Location: back.toString() }).end();
        return;
      }
      if (url.pathname === '/oauth/access_token' && req.method === 'POST') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen.tokenForm = new URLSearchParams(body);
          const code = seen.tokenForm.get('code')!;
          if (!profiles.has(code))
            return res
              .writeHead(400, { 'Content-Type': 'application/json' })
              .end(JSON.stringify({ error: { message: 'Invalid verification code' } }));
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ access_token: `fb-token-${code}`, token_type: 'bearer' }));
        });
        return;
      }
      if (url.pathname === '/me') {
        const code = (url.searchParams.get('access_token') ?? '').replace('fb-token-', '');
        const p = profiles.get(code);
        res.writeHead(p ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify(p ?? { error: { message: 'bad token' } }));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    fakeUrl = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
    process.env.FACEBOOK_AUTH_URL = fakeUrl; // the auth service reads provider settings per request
    process.env.FACEBOOK_CLIENT_ID = 'test-app';
  });
  afterAll(async () => {
    delete process.env.FACEBOOK_AUTH_URL;
    delete process.env.FACEBOOK_CLIENT_ID;
    await new Promise<void>((r) => fake.close(() => r()));
  });

  /** Drives the browser's hops: /authorize -> fake dialog -> /callback -> final redirect. */
  async function oauthRoundTrip(startUrl: string): Promise<string> {
    const toProvider = await fetch(startUrl, { redirect: 'manual' });
    expect(toProvider.status).toBe(302);
    const dialog = toProvider.headers.get('location')!;
    expect(dialog.startsWith(`${fakeUrl}/dialog/oauth?`)).toBe(true);
    expect(new URL(dialog).searchParams.get('redirect_uri')).toBe(`${info.url}/auth/v1/callback`);
    const toCallback = await fetch(dialog, { redirect: 'manual' });
    const done = await fetch(toCallback.headers.get('location')!, { redirect: 'manual' });
    expect(done.status).toBe(302);
    return done.headers.get('location')!;
  }

  it('creates a user from the Facebook profile and lands on the redirect URL with a session', async () => {
    const email = uniqueEmail('fb');
    nextProfile = { id: `fb-${Date.now()}`, name: 'Face Book', email };
    const target = 'http://127.0.0.1:5173/settings/social-sharing';
    const { data } = await anon().auth.signInWithOAuth({
      provider: 'facebook',
      options: { redirectTo: target, skipBrowserRedirect: true },
    });
    const landed = await oauthRoundTrip(data.url!);
    expect(landed.startsWith(`${target}#`)).toBe(true);
    const params = hashParams(landed);
    expect(params.token_type).toBe('bearer');
    expect(params.provider_token).toMatch(/^fb-token-/);
    expect(seen.tokenForm?.get('client_id')).toBe('test-app');
    const user = await anon().auth.getUser(params.access_token);
    expect(user.data.user?.email).toBe(email);
    expect(user.data.user?.app_metadata).toMatchObject({ provider: 'facebook', providers: ['facebook'] });
    expect(user.data.user?.identities?.map((i) => i.provider)).toEqual(['facebook']);
  });

  it('links Facebook to the confirmed account with the same e-mail, and through linkIdentity', async () => {
    const { email, password, id } = await confirmedUser();
    nextProfile = { id: `fb-link-${Date.now()}`, name: 'Same Person', email };
    const landed = await oauthRoundTrip(`${info.url}/auth/v1/authorize?provider=facebook&redirect_to=${encodeURIComponent(APP_AUTH)}`);
    const user = await anon().auth.getUser(hashParams(landed).access_token);
    expect(user.data.user?.id).toBe(id);
    expect(user.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'facebook']);

    // Another account connects a different Facebook profile explicitly.
    const other = await confirmedUser();
    const client = anon();
    await client.auth.signInWithPassword({ email: other.email, password: other.password });
    nextProfile = { id: `fb-explicit-${Date.now()}`, name: 'Other', email: uniqueEmail('fb-other') };
    const { data, error } = await client.auth.linkIdentity({
      provider: 'facebook',
      options: { redirectTo: APP_AUTH, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const toCallback = await fetch(data.url!, { redirect: 'manual' });
    const landed2 = (await fetch(toCallback.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
    const linked = await anon().auth.getUser(hashParams(landed2).access_token);
    expect(linked.data.user?.id).toBe(other.id);
    expect(linked.data.user?.identities?.map((i) => i.provider).sort()).toEqual(['email', 'facebook']);
    expect((await anon().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('refuses a forged state and reports provider errors on the redirect URL', async () => {
    const forged = await fetch(`${info.url}/auth/v1/callback?code=code-1&state=not-a-state`, { redirect: 'manual' });
    expect(hashParams(forged.headers.get('location')!).error_code).toBe('bad_oauth_state');
    const start = await fetch(`${info.url}/auth/v1/authorize?provider=facebook&redirect_to=${encodeURIComponent(APP_AUTH)}`, {
      redirect: 'manual',
    });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const denied = await fetch(
      `${info.url}/auth/v1/callback?error=access_denied&error_description=Permissions+error&state=${encodeURIComponent(state)}`,
      { redirect: 'manual' },
    );
    const loc = denied.headers.get('location')!;
    expect(loc.startsWith(`${APP_AUTH}#`)).toBe(true);
    expect(hashParams(loc)).toMatchObject({ error: 'access_denied', error_description: 'Permissions error' });
    const badCode = await fetch(`${info.url}/auth/v1/callback?code=never-issued&state=${encodeURIComponent(state)}`, {
      redirect: 'manual',
    });
    expect(hashParams(badCode.headers.get('location')!).error_description).toMatch(/^Unable to exchange external code/);
  });
});
