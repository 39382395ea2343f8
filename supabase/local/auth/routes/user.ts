import { unprocessable, validationFailed } from '../errors.ts';
import { issueEmailLink, type IssuedLink } from '../links.ts';
import { sendAuthEmail } from '../mail.ts';
import { readPkce } from '../pkce.ts';
import { obj, str, type AuthRequest } from '../request.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';
import { findUserByEmail, loadUserJson, mergeMetadata, nowIso, syncEmailIdentity } from '../users.ts';
import { checkPassword, checkPasswordPolicy, isRecentPassword, normaliseEmail } from '../validation.ts';
import { BCRYPT_COST } from './signup.ts';

/** GET /user: the bearer's user. */
export async function getUser(r: AuthRequest): Promise<void> {
  const { user } = await r.requireUser();
  r.json(200, await loadUserJson(r.db, user.id));
}

/**
 * PUT /user {data?, password?, email?}. Needs a live session (a recovery link gives one).
 * A new e-mail address is only adopted once the link sent to it is followed, and (secure e-mail
 * change, GoTrue's default) the link sent to the current address as well.
 */
export async function updateUser(r: AuthRequest): Promise<void> {
  // GoTrue limits PUT /user per client IP (sign_in_sign_ups): a password change costs up to seven
  // bcrypt runs. Counted before the session is looked up, so a flood costs no database work either.
  r.rateLimit('user');
  const { user } = await r.requireUser();
  const body = await r.body();
  const data = obj(body, 'data');
  const password = str(body, 'password');
  const rawEmail = str(body, 'email');
  if (str(body, 'phone')) throw validationFailed('Phone changes are not supported');

  let passwordHash: string | undefined;
  if (password !== undefined) {
    checkPassword(password);
    checkPasswordPolicy(password, r.config.passwordPolicy);
    // The current password and any of the last five are refused, as secure-reset does.
    const compare = (p: string, h: string) => r.auth.hasher.compare(p, h);
    if (
      (user.encrypted_password && (await compare(password, user.encrypted_password))) ||
      (await isRecentPassword(r.db, user.id, password, compare))
    ) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await r.auth.hasher.hash(password, BCRYPT_COST);
  }
  let newEmail: string | undefined;
  if (rawEmail !== undefined) {
    const email = normaliseEmail(rawEmail);
    if (email !== user.email?.toLowerCase()) {
      const other = await findUserByEmail(r.db, email);
      if (other && other.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
      newEmail = email;
    }
  }
  const pkce = newEmail ? readPkce(body.code_challenge, body.code_challenge_method) : undefined;
  const redirectTo = r.redirectTarget();
  if (newEmail && !r.config.autoconfirm) r.auth.emailLimiter.take('email_change', newEmail, r.now());

  const now = nowIso(r.config.now);
  let link: IssuedLink | undefined;
  await r.db.transaction(async (tx) => {
    if (data)
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = $3 where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        now,
      ]);
    if (passwordHash)
      await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [user.id, passwordHash, now]);
    if (newEmail && r.config.autoconfirm) {
      await tx.query(
        'update auth.users set email = $2, email_confirmed_at = coalesce(email_confirmed_at, $3), updated_at = $3 where id = $1',
        [user.id, newEmail, now],
      );
      await syncEmailIdentity(tx, user.id, newEmail, true, now);
    } else if (newEmail) {
      link = await issueEmailLink(tx, r.config, {
        userId: user.id,
        email: user.email ?? newEmail,
        newEmail,
        type: 'email_change',
        redirectTo,
        pkce,
        confirmCurrent: r.config.doubleConfirmChanges && !!user.email,
      });
    }
  });
  if (link && newEmail) {
    await sendAuthEmail(r.ctx, newEmail, 'email_change', link.actionLink);
    if (link.current && user.email) await sendAuthEmail(r.ctx, user.email, 'email_change', link.current.actionLink, newEmail);
  }
  r.json(200, await loadUserJson(r.db, user.id));
}

/** POST /logout?scope=global|local|others: ends sessions; their refresh tokens stop working. */
export async function logout(r: AuthRequest): Promise<void> {
  const scope = (r.query('scope') ?? 'global') as LogoutScope;
  if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await r.requireUser();
  await endSessions(r.db, user.id, sessionId, scope);
  r.noContent();
}

/**
 * POST /recover {email}: e-mails a 5-minute recovery link when the account exists. The answer is the
 * same either way (200 {}), and the e-mail goes out after answering so timing tells nothing either.
 */
export async function recover(r: AuthRequest): Promise<void> {
  const body = await r.body();
  const raw = str(body, 'email');
  if (!raw) throw validationFailed('Password recovery requires an email');
  const email = normaliseEmail(raw);
  const pkce = readPkce(body.code_challenge, body.code_challenge_method);
  const redirectTo = r.redirectTarget();
  r.auth.emailLimiter.take('recovery', email, r.now());
  const user = await findUserByEmail(r.db, email);
  if (user) {
    const link = await r.db.transaction((tx) =>
      issueEmailLink(tx, r.config, { userId: user.id, email, type: 'recovery', redirectTo, pkce }),
    );
    void sendAuthEmail(r.ctx, email, 'recovery', link.actionLink).catch(() => undefined);
  }
  r.json(200, {});
}

/** POST /resend {type: signup|email_change, email}: another copy of a pending confirmation. */
export async function resend(r: AuthRequest): Promise<void> {
  const body = await r.body();
  const type = str(body, 'type');
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const raw = str(body, 'email');
  if (!raw) throw validationFailed('Resend requires an email');
  const email = normaliseEmail(raw);
  const redirectTo = r.redirectTarget(obj(body, 'options')?.emailRedirectTo);
  r.auth.emailLimiter.take(type, email, r.now());
  const user =
    type === 'signup'
      ? await findUserByEmail(r.db, email)
      : (await r.db.query<{ id: string; email: string }>('select * from auth.users where lower(email_change) = $1', [email])).rows[0];
  if (user && (type === 'email_change' || !(await findUserByEmail(r.db, email))?.email_confirmed_at)) {
    const link = await r.db.transaction((tx) =>
      issueEmailLink(tx, r.config, {
        userId: user.id,
        email: user.email ?? email,
        newEmail: type === 'email_change' ? email : undefined,
        type,
        redirectTo,
      }),
    );
    await sendAuthEmail(r.ctx, email, type, link.actionLink);
  }
  r.json(200, {});
}
