import { PASSWORD_HISTORY_SIZE, PASSWORD_MIN_LENGTH } from '../constants.ts';
import type { SecureResetCode } from './password-policy.ts';

/** Part 1 §8: the toast for a refused secure reset. */
export const SECURE_RESET_ERROR_TITLE = 'Password Update Failed';
export const SECURE_RESET_FALLBACK_MESSAGE = 'Password update failed. Please try again.';

/** User-facing sentences written from the spec's code meanings. */
export const SECURE_RESET_MESSAGES: Record<SecureResetCode, string> = {
  min_length: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  class_mix: 'Password must include at least 3 of the following: lowercase letters, uppercase letters, digits and symbols.',
  contains_identity: 'Password cannot contain your email or username.',
  seq_or_repeat: 'Password cannot contain sequential or repeated characters (like "abcd", "4321" or "aaaa").',
  too_weak: 'Password is too weak. Please choose a stronger password.',
  breached: 'This password appears in known data breaches. Please choose a different password.',
  reuse_disallowed: `You cannot reuse any of your last ${PASSWORD_HISTORY_SIZE} passwords.`,
  update_failed: SECURE_RESET_FALLBACK_MESSAGE,
};

export function isSecureResetCode(code: unknown): code is SecureResetCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(SECURE_RESET_MESSAGES, code);
}

/** A known code's sentence; any other code falls back to the server message, else the generic one. */
export function secureResetErrorMessage(code: string | null | undefined, serverMessage?: string | null): string {
  if (isSecureResetCode(code)) return SECURE_RESET_MESSAGES[code];
  const message = serverMessage?.trim();
  return message ? message : SECURE_RESET_FALLBACK_MESSAGE;
}
