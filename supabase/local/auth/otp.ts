import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Kinds of e-mail link GoTrue sends, and the auth.users column that holds each one's token hash. */
export type EmailLinkType = 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'invite';

export const TOKEN_COLUMN: Record<EmailLinkType, 'confirmation_token' | 'recovery_token' | 'email_change_token_new'> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  // GoTrue keeps magic-link tokens in recovery_token too.
  magiclink: 'recovery_token',
  email_change: 'email_change_token_new',
};

export const SENT_AT_COLUMN: Record<EmailLinkType, 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at'> = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  magiclink: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
};

/**
 * How long a link stays valid. The product promises "The password reset link has expired (5 minutes)",
 * so tokens in recovery_token (recovery and magic links) live 5 minutes; sign-up and e-mail change
 * confirmations keep GoTrue's default of 24 hours.
 */
export const TOKEN_LIFETIME_MS: Record<EmailLinkType, number> = {
  signup: 24 * 3600_000,
  invite: 24 * 3600_000,
  recovery: 5 * 60_000,
  magiclink: 5 * 60_000,
  email_change: 24 * 3600_000,
};

export interface EmailOtp {
  /** Six digits the user could type (verifyOtp with email + token). */
  otp: string;
  /** What the link carries (`token=` / verifyOtp's token_hash): 56 random hex chars. */
  linkToken: string;
  /** What auth.users stores: hashes of both, so a database dump holds no usable link. */
  stored: string;
}

/**
 * GoTrue derives the link token from the 6-digit OTP (sha224(email + otp)), which makes the link
 * as guessable as the OTP. Here the link token is independent random data; the OTP is kept as
 * GoTrue's hash beside it. Stored form: `<sha256(linkToken)>:<sha224(email + otp)>`.
 */
export function newEmailOtp(email: string): EmailOtp {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const linkToken = randomBytes(28).toString('hex');
  return { otp, linkToken, stored: `${hashLinkToken(linkToken)}:${hashOtp(email, otp)}` };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function hashOtp(email: string, otp: string): string {
  return createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
}

/** Does a stored token match an e-mailed OTP typed by the user? */
export function matchesOtp(stored: string | null | undefined, email: string, otp: string): boolean {
  return !!stored && sameToken(stored.split(':')[1], hashOtp(email, otp));
}

export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Opaque random token (refresh tokens, OAuth state ids, PKCE auth codes). */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
