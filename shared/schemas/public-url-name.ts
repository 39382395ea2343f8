import { z } from 'zod';
import { isReservedName } from '../rules/reserved-names.ts';
import { sanitizeSlugInput, SLUG_PATTERN } from '../rules/slug.ts';

export const SLUG_FORMAT_MESSAGE = 'Use 3-30 letters, numbers, underscores or dashes';
/** Part 2 §5's save error, used for route names that cannot be public URLs. */
const SLUG_INVALID_MESSAGE = 'Invalid URL name';

/** The public page URL name (public_page_slug). */
export const publicUrlNameSchema = z
  .string(SLUG_FORMAT_MESSAGE)
  .trim()
  .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE)
  // Route, staff and brand names, look-alikes included ('adm1n', 'l1nkvault-support'): the database refuses them too.
  .refine((slug) => !isReservedName(slug), SLUG_INVALID_MESSAGE);

/** The input strips characters other than letters, digits, underscore and dash. */
export { sanitizeSlugInput };
