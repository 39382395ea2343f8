import type { Queryable } from '../../db/index.ts';
import { forbidden, unprocessable, validationFailed } from '../errors.ts';
import { hashLinkToken, matchesOtp, TOKEN_COLUMN, TOKEN_LIFETIME_MS, SENT_AT_COLUMN, type EmailLinkType } from '../otp.ts';
import { issueAuthCode } from '../pkce.ts';
import { withParams } from '../redirects.ts';
import { str, type AuthRequest } from '../request.ts';
import { createSession, type SessionJson } from '../sessions.ts';
import { findUserByEmail, nowIso, syncEmailIdentity, type UserRow } from '../users.ts';
import { normaliseEmail } from '../validation.ts';

const LINK_TYPES: EmailLinkType[] = ['signup', 'invite', 'recovery', 'magiclink', 'email_change'];
/** Wrong OTPs tolerated per address and type before the code is thrown away. */
const MAX_OTP_FAILURES = 5;

class InvalidToken extends Error {}

/** GoTrue's answer to the first of a secure e-mail change's two links. */
const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Which token of an e-mail change was used: the one sent to the new address or to the current one. */
type Slot = 'new' | 'current';

interface Found {
  user: UserRow;
  type: EmailLinkType;
  slot: Slot;
}

/**
 * Wrong codes are counted per stored code (its column and address), whatever `type` the request
 * names: recovery and magiclink share recovery_token, so guesses under both types add up.
 */
const codeKey = (type: EmailLinkType, email: string) => `${TOKEN_COLUMN[type]}:${email}`;

/** `email` (verifyOtp's type for e-mailed codes) is a sign-up confirmation or a magic link. */
function candidateTypes(type: string): EmailLinkType[] {
  if (type === 'email') return ['signup', 'magiclink'];
  return (LINK_TYPES as string[]).includes(type) ? [type as EmailLinkType] : [];
}

function expired(user: UserRow, type: EmailLinkType, nowMs: number): boolean {
  const sent = user[SENT_AT_COLUMN[type]];
  return !sent || nowMs - new Date(sent).getTime() > TOKEN_LIFETIME_MS[type];
}

async function findByLinkToken(tx: Queryable, types: EmailLinkType[], linkToken: string): Promise<Found | undefined> {
  const hashed = hashLinkToken(linkToken);
  for (const type of types) {
    const slots: [Slot, string][] = [['new', TOKEN_COLUMN[type]]];
    if (type === 'email_change') slots.push(['current', 'email_change_token_current']);
    for (const [slot, col] of slots) {
      const r = await tx.query<UserRow>(
        `select * from auth.users where split_part(${col}, ':', 1) = $1 and deleted_at is null for update`,
        [hashed],
      );
      if (r.rows[0]) return { user: r.rows[0], type, slot };
    }
  }
  return undefined;
}

async function findByOtp(r: AuthRequest, tx: Queryable, types: EmailLinkType[], email: string, otp: string): Promise<Found | undefined> {
  // Each attempt is counted before the code is compared (synchronously, so parallel guesses
  // cannot all pass one stale count); past MAX_OTP_FAILURES no code is compared at all.
  const keys = [...new Set(types.map((t) => codeKey(t, email)))];
  for (const key of keys) r.auth.otpFailures.set(key, (r.auth.otpFailures.get(key) ?? 0) + 1);
  if (keys.some((key) => (r.auth.otpFailures.get(key) ?? 0) > MAX_OTP_FAILURES)) return undefined;
  for (const type of types) {
    const user =
      type === 'email_change'
        ? (await tx.query<UserRow>('select * from auth.users where lower(email_change) = $1 and deleted_at is null', [email])).rows[0]
        : await findUserByEmail(tx, email);
    if (user && matchesOtp(user[TOKEN_COLUMN[type]], email, otp)) {
      r.auth.otpFailures.delete(codeKey(type, email));
      return { user, type, slot: 'new' };
    }
    if (type === 'email_change') {
      // The code e-mailed to the current address of a secure change is bound to that address.
      const owner = await findUserByEmail(tx, email);
      if (owner?.email_change && matchesOtp(owner.email_change_token_current, email, otp)) {
        r.auth.otpFailures.delete(codeKey(type, email));
        return { user: owner, type, slot: 'current' };
      }
    }
  }
  // A miss stays counted; verifyOtp discards the code after MAX_OTP_FAILURES (outside this transaction).
  return undefined;
}

/** After too many wrong codes the stored token is cleared: a new e-mail is needed. */
async function discardGuessedCodes(r: AuthRequest, types: EmailLinkType[], email: string): Promise<void> {
  for (const type of types) {
    const key = codeKey(type, email);
    if ((r.auth.otpFailures.get(key) ?? 0) < MAX_OTP_FAILURES) continue;
    r.auth.otpFailures.delete(key);
    const where = type === 'email_change' ? 'lower(email_change) = $1' : 'lower(email) = $1';
    await r.db.query(`update auth.users set ${TOKEN_COLUMN[type]} = null where ${where}`, [email]);
    if (type === 'email_change')
      await r.db.query(`update auth.users set email_change_token_current = '' where lower(email) = $1 and email_change is not null`, [
        email,
      ]);
  }
}

/**
 * Applies what the link proves (address confirmed, new address adopted) and consumes the token.
 * 'half': the first link of a secure e-mail change, the other one still pending (GoTrue's
 * single confirmation): the address stays until both are followed.
 */
async function applyVerification(tx: Queryable, found: Found, now: string): Promise<'done' | 'half'> {
  const { user, type, slot } = found;
  const col = TOKEN_COLUMN[type];
  if (type === 'email_change') {
    const newEmail = user.email_change;
    if (!newEmail) throw new InvalidToken();
    const otherPending = slot === 'new' ? !!user.email_change_token_current : !!user.email_change_token_new;
    if (otherPending) {
      const used = slot === 'new' ? `email_change_token_new = null` : `email_change_token_current = ''`;
      await tx.query(`update auth.users set ${used}, email_change_confirm_status = 1, updated_at = $2 where id = $1`, [user.id, now]);
      return 'half';
    }
    const taken = await tx.query('select 1 from auth.users where lower(email) = lower($1) and id <> $2', [newEmail, user.id]);
    if (taken.rows.length > 0) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    await tx.query(
      `update auth.users set email = $2, email_change = null, email_change_token_new = null, email_change_sent_at = null,
         email_change_token_current = '', email_change_confirm_status = 0,
         email_confirmed_at = coalesce(email_confirmed_at, $3), updated_at = $3 where id = $1`,
      [user.id, newEmail, now],
    );
    await syncEmailIdentity(tx, user.id, newEmail, true, now);
    return 'done';
  }
  // Following any e-mailed link proves the address, as GoTrue treats recovery and magic links.
  await tx.query(
    `update auth.users set ${col} = null, email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1`,
    [user.id, now],
  );
  if (!user.email_confirmed_at) await syncEmailIdentity(tx, user.id, user.email ?? '', true, now);
  return 'done';
}

type Outcome =
  | { session: SessionJson; type: EmailLinkType }
  | { code: string; type: EmailLinkType }
  | { half: true; type: EmailLinkType; pkce: boolean };

async function verifyInTx(
  r: AuthRequest,
  input: { type: string; linkToken?: string; email?: string; otp?: string },
  allowPkce: boolean,
): Promise<Outcome> {
  const types = candidateTypes(input.type);
  if (types.length === 0) throw new InvalidToken();
  const pkce = allowPkce && !!input.linkToken?.startsWith('pkce_');
  const linkToken = input.linkToken?.replace(/^pkce_/, '');
  return r.db.transaction(async (tx) => {
    const found = linkToken
      ? await findByLinkToken(tx, types, linkToken)
      : input.email && input.otp
        ? await findByOtp(r, tx, types, input.email, input.otp)
        : undefined;
    if (!found || expired(found.user, found.type, r.now())) throw new InvalidToken();
    const now = nowIso(r.config.now);
    if ((await applyVerification(tx, found, now)) === 'half') return { half: true, type: found.type, pkce };
    if (pkce) {
      const code = await issueAuthCode(tx, { userId: found.user.id, authMethod: found.type }, now);
      if (!code) throw new InvalidToken();
      return { code, type: found.type };
    }
    const session = await createSession(tx, r.config, found.user.id, 'otp', { userAgent: r.userAgent(), ip: r.ip() });
    return { session, type: found.type };
  });
}

/** GET /verify?token&type&redirect_to: the e-mailed link. Always ends in a redirect to an allowed URL. */
export async function verifyLink(r: AuthRequest): Promise<void> {
  const target = r.redirectTarget();
  const type = r.query('type') ?? '';
  const token = r.query('token') ?? '';
  try {
    if (!token) throw new InvalidToken();
    const out = await verifyInTx(r, { type, linkToken: token }, true);
    if ('half' in out) {
      // GoTrue: the message in the fragment, and in the query too for PKCE.
      const message = { message: SINGLE_CONFIRMATION_ACCEPTED };
      return r.redirect(withParams(out.pkce ? withParams(target, message, 'query') : target, message, 'hash'));
    }
    if ('code' in out) return r.redirect(withParams(target, { code: out.code }, 'query'));
    const s = out.session;
    r.redirect(
      withParams(
        target,
        {
          access_token: s.access_token,
          expires_at: String(s.expires_at),
          expires_in: String(s.expires_in),
          refresh_token: s.refresh_token,
          token_type: 'bearer',
          type: out.type,
        },
        'hash',
      ),
    );
  } catch (e) {
    if (!(e instanceof InvalidToken)) {
      const msg = e instanceof Error ? e.message : 'Error verifying link';
      return r.redirect(withParams(target, { error: 'server_error', error_code: 'unexpected_failure', error_description: msg }, 'hash'));
    }
    r.redirect(
      withParams(
        target,
        { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' },
        'hash',
      ),
    );
  }
}

/** POST /verify {type, token_hash} or {type, email, token}: supabase-js verifyOtp; answers a session. */
export async function verifyOtp(r: AuthRequest): Promise<void> {
  const body = await r.body();
  const type = str(body, 'type');
  if (!type) throw validationFailed('Verify requires a verification type');
  if (!candidateTypes(type).length) throw validationFailed(`Verify requires a valid verification type, got "${type}"`);
  const tokenHash = str(body, 'token_hash');
  const token = str(body, 'token');
  const rawEmail = str(body, 'email');
  if (!tokenHash && !(token && rawEmail)) throw validationFailed('Verify requires either a token_hash, or an email and token');
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  try {
    const out = await verifyInTx(r, { type, linkToken: tokenHash, email, otp: tokenHash ? undefined : token?.trim() }, false);
    if ('half' in out) r.json(200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
    else if ('session' in out) r.json(200, { ...out.session });
  } catch (e) {
    if (e instanceof InvalidToken) {
      if (email && !tokenHash) await discardGuessedCodes(r, candidateTypes(type), email);
      throw forbidden('otp_expired', 'Token has expired or is invalid');
    }
    throw e;
  }
}
