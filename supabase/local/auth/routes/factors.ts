import { randomBytes } from 'node:crypto';
import { base32Encode, matchTotpStep, otpauthUri } from '../../../../shared/rules/totp.ts';
import { authError, notFound, unprocessable, validationFailed } from '../errors.ts';
import { qrSvg } from '../qr-svg.ts';
import { str, type AuthedUser, type AuthRequest } from '../request.ts';
import { upgradeSession } from '../sessions.ts';
import { factorsOf, nowIso, type FactorRow } from '../users.ts';

/** GoTrue's MFA defaults: an unverified factor and a challenge live 5 minutes; at most 10 verified factors. */
const FACTOR_EXPIRY_MS = 300_000;
const CHALLENGE_EXPIRY_MS = 300_000;
const MAX_VERIFIED_FACTORS = 10;
/** Wrong codes per factor within the window before verify answers 429 (a 6-digit code must not be guessable). */
const MAX_FAILED_VERIFIES = 5;
const FAILED_VERIFY_WINDOW_MS = 300_000;

interface SessionAal {
  aal: string;
}

async function sessionAal(r: AuthRequest, authed: AuthedUser): Promise<string> {
  if (!authed.sessionId) return typeof authed.claims.aal === 'string' ? authed.claims.aal : 'aal1';
  const s = await r.db.query<SessionAal>('select aal from auth.sessions where id = $1', [authed.sessionId]);
  return s.rows[0]?.aal ?? 'aal1';
}

/** MFA works on a session (GoTrue's rule): a token without one (minted by a server) cannot enrol or verify. */
function requireSession(authed: AuthedUser): string {
  if (!authed.sessionId) throw authError(401, 'session_not_found', 'A session is required for multi-factor authentication');
  return authed.sessionId;
}

async function ownFactor(r: AuthRequest, userId: string, factorId: string): Promise<FactorRow> {
  const f = /^[0-9a-f-]{36}$/i.test(factorId)
    ? await r.db.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId])
    : { rows: [] };
  if (!f.rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return f.rows[0];
}

/** Unverified factors older than FACTOR_EXPIRY_MS go, as GoTrue drops them (an abandoned enrolment). */
async function dropExpiredFactors(r: AuthRequest, userId: string): Promise<void> {
  await r.db.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < $2`, [
    userId,
    new Date(r.now() - FACTOR_EXPIRY_MS).toISOString(),
  ]);
}

/**
 * POST /factors {factor_type: 'totp', friendly_name?, issuer?}: a new unverified TOTP factor. The
 * answer is the only time the secret leaves the server. A user who already has a verified factor
 * needs an aal2 session to add another.
 */
export async function enroll(r: AuthRequest): Promise<void> {
  const authed = await r.requireUser();
  requireSession(authed);
  const body = await r.body();
  const factorType = str(body, 'factor_type');
  if (factorType !== 'totp') {
    if (factorType === 'phone' || factorType === 'webauthn')
      throw unprocessable('mfa_factor_type_disabled', `${factorType} factors are disabled`);
    throw validationFailed('factor_type needs to be totp, phone or webauthn');
  }
  const friendlyName = (str(body, 'friendly_name') ?? '').trim();
  if (friendlyName.length > 100) throw validationFailed('friendly_name must be at most 100 characters');
  const issuer = (str(body, 'issuer') ?? '').trim() || new URL(r.config.siteUrl).hostname;
  const { user } = authed;
  await dropExpiredFactors(r, user.id);
  const factors = await factorsOf(r.db, user.id);
  const verified = factors.filter((f) => f.status === 'verified');
  if (verified.length > 0 && (await sessionAal(r, authed)) !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to enroll a new factor');
  if (verified.length >= MAX_VERIFIED_FACTORS)
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName))
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);

  const secret = base32Encode(randomBytes(20));
  const uri = otpauthUri({ issuer, account: user.email ?? user.id, secret });
  const now = nowIso(r.config.now);
  const f = await r.db.query<{ id: string }>(
    `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, 'totp', 'unverified', $3, $3, $4) returning id`,
    [user.id, friendlyName || null, now, secret],
  );
  r.json(200, { id: f.rows[0].id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrSvg(uri), secret, uri } });
}

/** POST /factors/{id}/challenge: a challenge to verify a code against, valid CHALLENGE_EXPIRY_MS. */
export async function challenge(r: AuthRequest, factorId: string): Promise<void> {
  const authed = await r.requireUser();
  requireSession(authed);
  await dropExpiredFactors(r, authed.user.id);
  const factor = await ownFactor(r, authed.user.id, factorId);
  const now = nowIso(r.config.now);
  const c = await r.db.transaction(async (tx) => {
    await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, now]);
    return tx.query<{ id: string }>(
      'insert into auth.mfa_challenges (factor_id, created_at, ip_address) values ($1, $2, $3) returning id',
      [factor.id, now, r.ip() ?? ''],
    );
  });
  r.json(200, { id: c.rows[0].id, type: 'totp', expires_at: Math.floor((r.now() + CHALLENGE_EXPIRY_MS) / 1000) });
}

/**
 * POST /factors/{id}/verify {challenge_id, code}: checks the code (±1 step, never a step already
 * used), marks the factor verified, and answers the session raised to aal2. The first verified
 * factor ends the user's other aal1 sessions, as GoTrue does: they would now need a code.
 */
export async function verify(r: AuthRequest, factorId: string): Promise<void> {
  const authed = await r.requireUser();
  const sessionId = requireSession(authed);
  const body = await r.body();
  const challengeId = str(body, 'challenge_id');
  const code = str(body, 'code');
  if (!challengeId) throw validationFailed('challenge_id is required');
  if (!code) throw validationFailed('code is required');
  const factor = await ownFactor(r, authed.user.id, factorId);

  const limiterKey = `mfa:${factor.id}`;
  r.auth.signInFailures.check([[limiterKey, MAX_FAILED_VERIFIES]], r.now(), FAILED_VERIFY_WINDOW_MS);

  const c = /^[0-9a-f-]{36}$/i.test(challengeId)
    ? await r.db.query<{ id: string; created_at: Date; verified_at: Date | null }>(
        'select * from auth.mfa_challenges where id = $1 and factor_id = $2',
        [challengeId, factor.id],
      )
    : { rows: [] };
  const ch = c.rows[0];
  if (!ch || ch.verified_at) throw notFound('mfa_challenge_not_found', 'MFA challenge not found');
  if (r.now() - new Date(ch.created_at).getTime() > CHALLENGE_EXPIRY_MS) {
    await r.db.query('delete from auth.mfa_challenges where id = $1', [ch.id]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${ch.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }

  const lastUsed = factor.last_used_step === null ? null : Number(factor.last_used_step);
  const step = await matchTotpStep(factor.secret ?? '', code, r.now(), lastUsed);
  if (step === null) {
    r.auth.signInFailures.record([limiterKey], r.now());
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  r.auth.signInFailures.clear(limiterKey);

  const now = nowIso(r.config.now);
  const session = await r.db.transaction(async (tx) => {
    // The step is claimed only if no concurrent verify claimed it (or a later one) first.
    const claimed = await tx.query(
      `update auth.mfa_factors set last_used_step = $2, status = 'verified', updated_at = $3
       where id = $1 and (last_used_step is null or last_used_step < $2) returning id`,
      [factor.id, step, now],
    );
    if (claimed.rowCount === 0) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [ch.id, now]);
    if (factor.status !== 'verified')
      await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') = 'aal1'`, [
        authed.user.id,
        sessionId,
      ]);
    return upgradeSession(tx, r.config, authed.user.id, sessionId, factor.id, 'totp');
  });
  r.json(200, session);
}

/**
 * DELETE /factors/{id}: removes the factor. A verified one only from an aal2 session (GoTrue's rule:
 * a stolen password alone must not switch two-factor off). Sessions it raised go back to aal1.
 */
export async function unenroll(r: AuthRequest, factorId: string): Promise<void> {
  const authed = await r.requireUser();
  requireSession(authed);
  const factor = await ownFactor(r, authed.user.id, factorId);
  if (factor.status === 'verified' && (await sessionAal(r, authed)) !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await r.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    const raised = await tx.query<{ id: string }>(
      `update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`,
      [factor.id],
    );
    for (const s of raised.rows)
      await tx.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'totp'`, [s.id]);
  });
  r.json(200, { id: factor.id });
}
