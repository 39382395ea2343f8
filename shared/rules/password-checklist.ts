import { PASSWORD_MIN_LENGTH, PASSWORD_SEQUENCE_RUN_LENGTH, SECURE_RESET_MIN_CHARACTER_CLASSES } from '../constants.ts';
import {
  characterClasses,
  containsIdentity,
  countCharacterClasses,
  hasSequenceOrRepeat,
  passwordLength,
  type PasswordIdentity,
} from './password-policy.ts';

/**
 * The password rules as a checklist the forms show while the user types. Built
 * from the same functions the schemas and the secure-reset function apply, so the list cannot
 * promise a rule the server does not enforce (or miss one it does).
 * - 'sign-up': 12+ characters and all four classes (part 1 §4; the sign-up schema).
 * - 'reset': secure-reset's local rules: 12+, 3 of 4 classes, no e-mail/username, no runs.
 */
export type PasswordRuleSet = 'sign-up' | 'reset';

export interface PasswordRuleState {
  id: 'length' | 'lowercase' | 'uppercase' | 'digit' | 'symbol' | 'class_mix' | 'identity' | 'sequence';
  label: string;
  met: boolean;
}

/** Zxcvbn score the secure-reset function requires (0-4). */
export const MIN_PASSWORD_STRENGTH_SCORE = 3;

export function passwordRuleHint(set: PasswordRuleSet): string {
  return set === 'sign-up'
    ? `At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase letter, an uppercase letter, a digit and a symbol.`
    : `At least ${PASSWORD_MIN_LENGTH} characters, with ${SECURE_RESET_MIN_CHARACTER_CLASSES} of: lowercase letters, uppercase letters, digits, symbols; not your e-mail or username; no runs like "abcd" or "aaaa".`;
}

export function passwordChecklist(password: string, set: PasswordRuleSet, identity: PasswordIdentity = {}): PasswordRuleState[] {
  const classes = characterClasses(password);
  const length = {
    id: 'length' as const,
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    met: passwordLength(password) >= PASSWORD_MIN_LENGTH,
  };
  if (set === 'sign-up') {
    return [
      length,
      { id: 'lowercase', label: 'A lowercase letter', met: classes.lowercase },
      { id: 'uppercase', label: 'An uppercase letter', met: classes.uppercase },
      { id: 'digit', label: 'A digit', met: classes.digit },
      { id: 'symbol', label: 'A symbol', met: classes.symbol },
    ];
  }
  const knowsIdentity = Boolean(identity.email || identity.username);
  return [
    length,
    {
      id: 'class_mix',
      label: `${SECURE_RESET_MIN_CHARACTER_CLASSES} of 4: lowercase, uppercase, digit, symbol`,
      met: countCharacterClasses(password) >= SECURE_RESET_MIN_CHARACTER_CLASSES,
    },
    // Only when the form knows who is signed in; the server checks it either way.
    ...(knowsIdentity
      ? [{ id: 'identity' as const, label: 'Not your e-mail or username', met: password !== '' && !containsIdentity(password, identity) }]
      : []),
    {
      id: 'sequence',
      label: `No runs of ${PASSWORD_SEQUENCE_RUN_LENGTH} like "abcd", "4321" or "aaaa"`,
      met: password !== '' && !hasSequenceOrRepeat(password),
    },
  ];
}

/** The meter's words for a zxcvbn score 0-4. */
export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
