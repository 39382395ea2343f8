import {
  PASSWORD_IDENTITY_MIN_PART_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SEQUENCE_RUN_LENGTH,
  SECURE_RESET_MIN_CHARACTER_CLASSES,
} from '../constants.ts';

/**
 * Password policies. Sign-up: 12+ characters and all four classes. Secure reset (the edge
 * function runs these same checks): 12+, 3 of 4 classes, no e-mail/username inside, no
 * sequential or repeated runs; the network checks (strength, breaches, reuse) live server-side.
 */

export interface CharacterClasses {
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  symbol: boolean;
}

/** Unicode-aware: 'é' is a lowercase letter; a symbol is anything not a letter, number or space. */
export function characterClasses(password: string): CharacterClasses {
  return {
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
    symbol: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

export function countCharacterClasses(password: string): number {
  return Object.values(characterClasses(password)).filter(Boolean).length;
}

/** Length in code points, so an emoji counts as one character. */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

function hasMinimumLength(password: string): boolean {
  return passwordLength(password) >= PASSWORD_MIN_LENGTH;
}

export function hasAllCharacterClasses(password: string): boolean {
  return countCharacterClasses(password) === 4;
}

/** The sign-up rule: 12+ characters with a lowercase, an uppercase, a digit and a symbol. */
export function meetsSignUpPasswordPolicy(password: string): boolean {
  return hasMinimumLength(password) && hasAllCharacterClasses(password);
}

// ── Secure reset ─────────────────────────────────────────────────────────

export const SECURE_RESET_CODES = [
  'min_length',
  'class_mix',
  'contains_identity',
  'seq_or_repeat',
  'too_weak',
  'breached',
  'reuse_disallowed',
  'update_failed',
] as const;
export type SecureResetCode = (typeof SECURE_RESET_CODES)[number];
/** The codes decided without a network or the password history, in the order they are checked. */
export type LocalPasswordCode = 'min_length' | 'class_mix' | 'contains_identity' | 'seq_or_repeat';

export interface PasswordIdentity {
  email?: string | null;
  username?: string | null;
}

/** The e-mail local part and username, plus their pieces split on . _ - +, each 3+ characters. */
export function identityParts(identity: PasswordIdentity): string[] {
  const localPart = identity.email ? identity.email.split('@')[0] : '';
  const wholes = [localPart, identity.username ?? ''].map((s) => s.trim().toLowerCase());
  const parts = wholes.flatMap((whole) => [whole, ...whole.split(/[._+-]+/)]);
  return [...new Set(parts.filter((p) => Array.from(p).length >= PASSWORD_IDENTITY_MIN_PART_LENGTH))];
}

export function containsIdentity(password: string, identity: PasswordIdentity): boolean {
  const lower = password.toLowerCase();
  return identityParts(identity).some((part) => lower.includes(part));
}

/** The alphabet a character belongs to for sequences: a-z or 0-9 (case-insensitive). */
function sequenceAlphabet(char: string): 'letter' | 'digit' | null {
  if (/[a-z]/i.test(char)) return 'letter';
  if (/[0-9]/.test(char)) return 'digit';
  return null;
}

/** 4+ ascending/descending letters or digits ('abcd', 'DCBA', '4321') or 4+ identical characters ('aaaa'). */
export function hasSequenceOrRepeat(password: string, runLength = PASSWORD_SEQUENCE_RUN_LENGTH): boolean {
  const chars = Array.from(password.toLowerCase());
  let ascending = 1;
  let descending = 1;
  let repeated = 1;
  for (let i = 1; i < chars.length; i++) {
    const prev = chars[i - 1];
    const cur = chars[i];
    const diff = cur.codePointAt(0)! - prev.codePointAt(0)!;
    const sameAlphabet = sequenceAlphabet(cur) !== null && sequenceAlphabet(cur) === sequenceAlphabet(prev);
    ascending = sameAlphabet && diff === 1 ? ascending + 1 : 1;
    descending = sameAlphabet && diff === -1 ? descending + 1 : 1;
    repeated = cur === prev ? repeated + 1 : 1;
    if (ascending >= runLength || descending >= runLength || repeated >= runLength) return true;
  }
  return false;
}

/** Every local secure-reset rule the password breaks, in checking order. */
export function localPasswordIssues(password: string, identity: PasswordIdentity = {}): LocalPasswordCode[] {
  const issues: LocalPasswordCode[] = [];
  if (!hasMinimumLength(password)) issues.push('min_length');
  if (countCharacterClasses(password) < SECURE_RESET_MIN_CHARACTER_CLASSES) issues.push('class_mix');
  if (containsIdentity(password, identity)) issues.push('contains_identity');
  if (hasSequenceOrRepeat(password)) issues.push('seq_or_repeat');
  return issues;
}

/** The first local secure-reset code the password fails, or null when it passes them all. */
export function checkPasswordLocally(password: string, identity: PasswordIdentity = {}): LocalPasswordCode | null {
  return localPasswordIssues(password, identity)[0] ?? null;
}
