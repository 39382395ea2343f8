import { PHONE_MIN_DIGITS } from '../constants.ts';

/** Phone numbers keep only their digits ("+1 (555) 010-2030" -> "15550102030"). */
export function phoneDigits(input: string): string {
  return input.replace(/\D+/g, '');
}

/** A blockable phone number has at least 7 digits. */
export function isValidPhone(input: string): boolean {
  return phoneDigits(input).length >= PHONE_MIN_DIGITS;
}

/** E-mails are compared and stored trimmed and lower-cased (blocking, recipient matching). */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
