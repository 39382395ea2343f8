/**
 * Two-factor sign-in texts the apps share: the readable texts for the auth server's MFA error codes.
 * Whether a session still needs its code is two-factor-session.ts (in every page's entry chunk).
 */

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Check the time on your phone and enter the code your app shows now.',
  codeShape: 'Enter the 6-digit code from your authenticator app.',
  tooManyTries: 'Too many wrong codes. Wait a few minutes, then try again.',
  expired: 'The sign-in step took too long. Please enter a new code.',
  needsCode: 'Enter a code from your authenticator app first.',
  unexpected: 'Two-factor authentication could not be changed. Please try again.',
} as const;

/** The extension's popup cannot ask for the code (yet): what it says to an account with two-factor on. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';
export const TWO_FACTOR_EXTENSION_TOAST = {
  title: 'Two-factor authentication is on',
  description: 'The extension cannot ask for your code yet. Enter your code on the website: sign in there to save links.',
} as const;

/** The readable text for an MFA error from the auth server (GoTrue's error codes). */
export function twoFactorErrorMessage(code: string | null | undefined, status?: number | null): string {
  switch (code) {
    case 'mfa_verification_failed':
      return TWO_FACTOR_MESSAGES.wrongCode;
    case 'over_request_rate_limit':
      return TWO_FACTOR_MESSAGES.tooManyTries;
    case 'mfa_challenge_expired':
    case 'mfa_challenge_not_found':
      return TWO_FACTOR_MESSAGES.expired;
    case 'insufficient_aal':
      return TWO_FACTOR_MESSAGES.needsCode;
    default:
      return status === 429 ? TWO_FACTOR_MESSAGES.tooManyTries : TWO_FACTOR_MESSAGES.unexpected;
  }
}
