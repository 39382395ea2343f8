import { BRAND_NAME, NAME_HOLD_DAYS } from '../constants.ts';
import { RESERVED_SLUGS } from './slug.ts';

/**
 * Names that could pass for the product or its staff. One rule, used by the forms for instant
 * feedback and held by the database for every write path (migration
 * 20261202200007_name_rules.sql mirrors it function for function; tests/db/name-rules.test.ts runs
 * the same cases through both).
 *
 * A name is compared after folding look-alikes: lower case, accents dropped, digits and symbols
 * read as the letters they imitate (0→o, 1/l/|/!→i, 3→e, 4/@→a, 5/$→s, 7→t, 8→b, 9→g), common
 * Cyrillic and Greek look-alikes read as Latin, and every separator removed. So 'l1nkvault',
 * 'adm1n', 'supp0rt' and 'link_vault' fold to the same text as the words they imitate.
 *
 * - A username or public URL name is reserved when its folded form equals a folded RESERVED_SLUGS
 *   word, or contains the folded brand anywhere ('linkvault-support', 'official-linkvault').
 * - A display name (first and last name, the page's display and company name) impersonates the
 *   product when its folded form contains the brand, or when every word of it is a staff word
 *   ('Support Team', 'Admin').
 */

/** Look-alike characters and the letter each one is read as (lower case; see foldName). */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '|': 'i',
  '!': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ӏ: 'i',
  ј: 'j',
  ѕ: 's',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** A name with look-alikes folded and separators removed (only a-z and the digits 2 and 6 remain). */
export function foldName(name: string): string {
  let out = '';
  for (const char of name.normalize('NFKD').toLowerCase()) out += LOOKALIKES[char] ?? char;
  return out.replace(/[^a-z0-9]/g, '');
}

/** The brand as one folded word ('LinkVault' → 'iinkvauit'). */
export const FOLDED_BRAND = foldName(BRAND_NAME);

/** Staff words: a display name made only of these poses as the product's staff. */
export const STAFF_WORDS: readonly string[] = [
  'admin',
  'admins',
  'administrator',
  'root',
  'staff',
  'help',
  'helpdesk',
  'moderator',
  'mod',
  'system',
  'security',
  'official',
  'team',
  'support',
  'billing',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'contact',
];

const FOLDED_RESERVED = new Set(RESERVED_SLUGS.map(foldName));
const FOLDED_STAFF = new Set(STAFF_WORDS.map(foldName));

/** Whether a username or URL name is reserved (route, staff or brand name, look-alikes included). */
export function isReservedName(name: string): boolean {
  const folded = foldName(name);
  if (!folded) return false;
  return FOLDED_RESERVED.has(folded) || folded.includes(FOLDED_BRAND);
}

/** Separators between the words of a display name. */
const WORD_SEPARATORS = /[\s,;:._-]+/;

/** Whether a display name poses as the product: it contains the brand, or is only staff words. */
export function impersonatesProduct(displayName: string | null | undefined): boolean {
  if (!displayName) return false;
  if (foldName(displayName).includes(FOLDED_BRAND)) return true;
  const words = displayName
    .split(WORD_SEPARATORS)
    .map(foldName)
    .filter((w) => w !== '');
  return words.length > 0 && words.every((w) => FOLDED_STAFF.has(w));
}

export const NAME_RULE_MESSAGES = {
  reservedUsername: 'This username is reserved. Please choose another one.',
  reservedSlug: 'This URL name is reserved. Please choose another one.',
  displayName: `Names cannot pose as ${BRAND_NAME} or its staff. Please choose another one.`,
  held: `This name was released recently and is held for ${NAME_HOLD_DAYS} days. Please choose another one.`,
} as const;
