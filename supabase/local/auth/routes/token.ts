import bcrypt from 'bcryptjs';
import { authError, badRequest, invalidCredentials, validationFailed } from '../errors.ts';
import { consumeAuthCode } from '../pkce.ts';
import { str, type AuthRequest } from '../request.ts';
import { createSession, refreshSession, type AuthMethod } from '../sessions.ts';
import { findUserByEmail, isBanned } from '../users.ts';

// Compared against when the e-mail is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

/** POST /token?grant_type=password|refresh_token|pkce */
export async function token(r: AuthRequest): Promise<void> {
  const grant = r.query('grant_type');
  // As GoTrue: every grant counts against the client IP's token limit, before any work.
  if (grant === 'password' || grant === 'refresh_token' || grant === 'pkce') r.rateLimit('token');
  const body = await r.body();
  if (grant === 'password') return passwordGrant(r, body);
  if (grant === 'refresh_token') {
    const presented = str(body, 'refresh_token');
    if (!presented) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return r.json(200, await refreshSession(r.db, r.config, presented));
  }
  if (grant === 'pkce') {
    const session = await r.db.transaction(async (tx) => {
      const flow = await consumeAuthCode(tx, str(body, 'auth_code') ?? '', str(body, 'code_verifier') ?? '', r.now());
      const method = (flow.authMethod === 'oauth' ? 'oauth' : 'otp') as AuthMethod;
      const s = await createSession(tx, r.config, flow.userId, method, { userAgent: r.userAgent(), ip: r.ip() });
      return flow.providerToken ? { ...s, provider_token: flow.providerToken } : s;
    });
    return r.json(200, session);
  }
  throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
}

async function passwordGrant(r: AuthRequest, body: Record<string, unknown>): Promise<void> {
  const email = str(body, 'email')?.trim().toLowerCase();
  const password = str(body, 'password') ?? '';
  if (!email) {
    if (str(body, 'phone')) throw invalidCredentials();
    throw validationFailed('missing email or phone');
  }
  const limits = r.config.signInLimits;
  const accountKey = `account:${email}`;
  const ipKey = `ip:${r.ip() ?? 'unknown'}`;
  r.auth.signInFailures.check(
    [
      [accountKey, limits.perAccount],
      [ipKey, limits.perIp],
    ],
    r.now(),
    limits.windowMs,
  );
  const user = await findUserByEmail(r.db, email);
  const ok = await r.auth.hasher.compare(password, user?.encrypted_password || DUMMY_HASH);
  if (!user || !user.encrypted_password || !ok) {
    // Counted for unknown addresses too, so the limit reveals nothing about who has an account.
    r.auth.signInFailures.record([accountKey, ipKey], r.now());
    throw invalidCredentials();
  }
  r.auth.signInFailures.clear(accountKey);
  if (isBanned(user, r.now())) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await r.db.transaction((tx) =>
    createSession(tx, r.config, user.id, 'password', { userAgent: r.userAgent(), ip: r.ip() }),
  );
  r.json(200, session);
}
