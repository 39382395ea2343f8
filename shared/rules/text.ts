import { DESCRIPTION_PREVIEW_LENGTH } from '../constants.ts';

export const ELLIPSIS = '...';

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
    .map((part) => Array.from(part)[0]!.toLocaleUpperCase())
    .join('');
}
