import { authError, invalidEmail } from './errors.ts';

// The local part is a dot-atom (no leading, trailing or doubled dot: SMTP servers refuse
// 'a..b@x', issue 19) of at most 64 characters.
const EMAIL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

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
