import { isPgError } from '../../db/index.ts';
import { authError, unprocessable, validationFailed } from '../errors.ts';
import { issueEmailLink } from '../links.ts';
import { sendAuthEmail } from '../mail.ts';
import { readPkce } from '../pkce.ts';
import { obj, str, type AuthRequest } from '../request.ts';
import { createSession } from '../sessions.ts';
import { findUserByEmail, identitiesOf, insertUser, nowIso, userJson, type UserRow } from '../users.ts';
import { checkPassword, checkPasswordPolicy, normaliseEmail } from '../validation.ts';

export const BCRYPT_COST = 10;

/** A bcrypt hash at GoTrue's cost, computed off the HTTP thread (hash-pool.ts). */
export const hashPassword = (r: AuthRequest, password: string) => r.auth.hasher.hash(password, BCRYPT_COST);

/** A failing trigger on auth.users (the product's profile trigger...) surfaces as GoTrue says it. */
export function databaseErrorSavingUser(e: unknown): Error {
  if (isPgError(e) && e.code === '23505') return unprocessable('user_already_exists', 'User already registered');
  return authError(500, 'unexpected_failure', 'Database error saving new user');
}

/**
 * POST /signup {email, password, data}. A new user gets a confirmation e-mail and no session
 * (or a session at once when the stack auto-confirms). An unconfirmed address signing up again gets
 * the e-mail again; a confirmed one gets 422 user_already_exists.
 */
export async function signup(r: AuthRequest): Promise<void> {
  // GoTrue limits sign-ups per client IP (sign_in_sign_ups): each one hashes a password.
  r.rateLimit('signup');
  const body = await r.body();
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  if (str(body, 'phone')) throw validationFailed('Phone signups are disabled');
  if (!rawEmail) throw validationFailed('To signup, please provide your email');
  const email = normaliseEmail(rawEmail);
  if (!password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
  checkPassword(password);
  checkPasswordPolicy(password, r.config.passwordPolicy);
  const data = obj(body, 'data') ?? {};
  const pkce = readPkce(body.code_challenge, body.code_challenge_method);
  const redirectTo = r.redirectTarget();
  const autoconfirm = r.config.autoconfirm;

  const existing = await findUserByEmail(r.db, email);
  if (existing?.email_confirmed_at) throw unprocessable('user_already_exists', 'User already registered');
  if (!autoconfirm) r.auth.emailLimiter.take('signup', email, r.now());

  const passwordHash = await hashPassword(r, password);
  const now = nowIso(r.config.now);
  let link: { actionLink: string; otp: string } | undefined;
  const result = await r.db
    .transaction(async (tx) => {
      let user: UserRow;
      if (existing) {
        // Still unconfirmed: whoever proves the address owns it, so the latest password and data win.
        await tx.query('update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = $4 where id = $1', [
          existing.id,
          passwordHash,
          JSON.stringify(data),
          now,
        ]);
        user = existing;
      } else {
        user = await insertUser(
          tx,
          {
            email,
            passwordHash,
            userMetadata: data,
            appMetadata: { provider: 'email', providers: ['email'] },
            confirmedAt: autoconfirm ? now : null,
            provider: 'email',
          },
          now,
        );
      }
      if (autoconfirm) return { session: await createSession(tx, r.config, user.id, 'password', { userAgent: r.userAgent(), ip: r.ip() }) };
      link = await issueEmailLink(tx, r.config, { userId: user.id, email, type: 'signup', redirectTo, pkce });
      return { userId: user.id };
    })
    .catch((e: unknown) => {
      throw e instanceof Error && 'status' in e ? e : databaseErrorSavingUser(e);
    });

  if ('session' in result && result.session) return r.json(200, result.session);
  if (link) {
    try {
      await sendAuthEmail(r.ctx, email, 'signup', link.actionLink);
    } catch (e) {
      // As GoTrue (it sends inside the sign-up transaction): a failed sign-up leaves no user behind.
      if (!existing && 'userId' in result)
        await r.db.query('delete from auth.users where id = $1 and email_confirmed_at is null', [result.userId]);
      throw e;
    }
  }
  const fresh = (await findUserByEmail(r.db, email)) as UserRow;
  r.json(200, userJson(fresh, await identitiesOf(r.db, fresh.id)));
}
