import type { Queryable } from '../db/index.ts';
import type { StackConfig } from '../config.ts';
import { authError, invalidEmail } from './errors.ts';

// The local part is a dot-atom (no leading, trailing or doubled dot: SMTP servers refuse
// 'a..b@x') of at most 64 characters.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** GoTrue's e-mail check; addresses are kept trimmed and lower-case so lookups are exact. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || email.indexOf('@') > 64 || !EMAIL_RE.test(email)) throw invalidEmail();
  return email;
}

/** GoTrue's minimum password rule (6 characters) and bcrypt's 72-byte ceiling. */
export function checkPassword(password: string): void {
  if (password.length < 6) {
    throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
  }
  if (Buffer.byteLength(password, 'utf8') > 72) throw authError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
}

// GoTrue's character sets for password_requirements (its messages list them).
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
const REQUIRED_SETS: Record<StackConfig['passwordPolicy']['requirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/**
 * GoTrue's password strength rule from supabase/config.toml ([auth] minimum_password_length,
 * password_requirements), for sign-up and PUT /user: 422 weak_password with reasons.
 */
export function checkPasswordPolicy(password: string, policy: StackConfig['passwordPolicy']): void {
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Array.from(password).length < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const sets = REQUIRED_SETS[policy.requirements] ?? [];
  if (sets.some((set) => ![...password].some((c) => set.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length > 0) throw authError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
}

/** How many earlier passwords may not come back (public.password_history keeps them, as hashes). */
const PASSWORD_HISTORY_DEPTH = 5;

/** True when `password` is one of the user's last passwords (the product's password_history, when the table exists). */
export async function isRecentPassword(
  db: Queryable,
  userId: string,
  password: string,
  compare: (p: string, h: string) => Promise<boolean>,
): Promise<boolean> {
  const exists = await db.query<{ t: string | null }>("select to_regclass('public.password_history')::text as t");
  if (!exists.rows[0]?.t) return false;
  const rows = await db.query<{ password_hash: string }>(
    'select password_hash from public.password_history where user_id = $1 order by created_at desc, id desc limit $2',
    [userId, PASSWORD_HISTORY_DEPTH],
  );
  for (const row of rows.rows) if (await compare(password, row.password_hash)) return true;
  return false;
}
