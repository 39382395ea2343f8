import { BRAND_NAME } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { clientError, toDataError } from '../errors.ts';
import { recordLoginActivity } from './api.ts';

/**
 * Two-factor authentication (TOTP) through Supabase Auth's MFA API: the same calls work on a hosted
 * project and on the local stack. One authenticator-app factor per account.
 */

export interface TwoFactorStatus {
  /** The verified factor, when two-factor authentication is on. */
  factorId: string | null;
  /** When it was switched on (ISO). */
  enabledAt: string | null;
}

export interface TwoFactorEnrolment {
  factorId: string;
  /** An SVG data URI of the QR code with the otpauth:// URI. */
  qrCode: string;
  secret: string;
  uri: string;
}

const TWO_FACTOR_NOT_ENABLED = 'two_factor_not_enabled';

export async function getTwoFactorStatus(client: DataClient): Promise<TwoFactorStatus> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw toDataError(error, 'auth');
  const factor = data.totp[0];
  return { factorId: factor?.id ?? null, enabledAt: factor?.updated_at ?? null };
}

/**
 * Starts switching two-factor on: drops an earlier unfinished set-up, then a new factor whose secret
 * the authenticator app takes (QR code or typed). It counts only once a code verifies it.
 */
export async function startTwoFactorEnrolment(client: DataClient): Promise<TwoFactorEnrolment> {
  const { data: listed, error: listError } = await client.auth.mfa.listFactors();
  if (listError) throw toDataError(listError, 'auth');
  for (const factor of listed.all.filter((f) => f.status === 'unverified')) {
    const { error } = await client.auth.mfa.unenroll({ factorId: factor.id });
    if (error) throw toDataError(error, 'auth');
  }
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app', issuer: BRAND_NAME });
  if (error) throw toDataError(error, 'auth');
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

/** Checks a code against a factor; success raises the session to aal2 (and verifies a new factor). */
export async function verifyTwoFactorCode(client: DataClient, factorId: string, code: string): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw toDataError(error, 'auth');
}

/** Finishes sign-in for an account with two-factor on: the code raises the session, then the login_activity row. */
export async function completeSignInWithCode(client: DataClient, code: string): Promise<void> {
  const { factorId } = await getTwoFactorStatus(client);
  if (!factorId) throw clientError(TWO_FACTOR_NOT_ENABLED, 'Two-factor authentication is not on for this account.');
  await verifyTwoFactorCode(client, factorId, code);
  const { data } = await client.auth.getSession();
  if (data.session)
    await recordLoginActivity(client, data.session.user.id).catch((e: unknown) => console.warn('login_activity insert failed', e));
}

/** Switches two-factor off: a current code first (a password alone must not do it), then the factor goes. */
export async function disableTwoFactor(client: DataClient, factorId: string, code: string): Promise<void> {
  await verifyTwoFactorCode(client, factorId, code);
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw toDataError(error, 'auth');
  // The session's token still names the factor; a fresh one reflects the account as it is now.
  const { error: refreshError } = await client.auth.refreshSession();
  if (refreshError) throw toDataError(refreshError, 'auth');
}
