/**
 * Abuse limits of sharing. One definition: the share-link schema and function import
 * these; the migration 20261124190000_share_abuse_limits.sql holds the same numbers in its
 * trigger and tests/db/share-abuse.test.ts checks that the two agree. Chosen so that a person
 * sharing by hand never meets them, while a script cannot turn sharing into a mail relay or fill
 * someone's inbox.
 */
export const SHARE_LIMITS = {
  /** Shares of any kind by one sender. */
  perMinute: 20,
  perDay: 300,
  /**
   * Shares to an e-mail address that has no account (each one is an e-mail to a stranger). Once
   * used up, every share by e-mail waits, so the answer never tells whether an address has an account.
   */
  strangerEmailsPerMinute: 5,
  strangerEmailsPerDay: 50,
} as const;

/** The sender's display name in a share e-mail: letters, spaces and name punctuation only, at most this long. */
export const SHARE_SENDER_NAME_MAX = 60;

/** The readable answer (HTTP 429) when a limit is reached. */
export const SHARE_RATE_LIMIT_MESSAGE = 'You are sharing too fast. Please wait a little and try again.';

/** An e-mail address's longest forms (RFC 5321): 64 characters before the @, 254 in all. */
const EMAIL_LOCAL_MAX = 64;
const EMAIL_MAX = 254;

/**
 * A sender's name as it may appear in an e-mail subject: only the words made of letters, marks and
 * . ' - (a word with anything else, or a dot inside it like a domain, is dropped whole: no links,
 * addresses, prices or markup), whitespace collapsed, cut to SHARE_SENDER_NAME_MAX characters.
 * '' when nothing name-like is left.
 */
export function cleanSenderName(input: string): string {
  const words = input.split(/\s+/).filter((w) => /^[\p{L}\p{M}'\u2019.-]+$/u.test(w) && !/\.[\p{L}\p{M}]/u.test(w));
  return Array.from(words.join(' ')).slice(0, SHARE_SENDER_NAME_MAX).join('').trim();
}

/** One deliverable address: no list, no spaces, a dotted domain, RFC lengths. */
export function isSingleEmailAddress(input: string): boolean {
  if (input.length > EMAIL_MAX) return false;
  const at = input.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX) return false;
  return /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(input);
}
