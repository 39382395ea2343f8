import { z } from 'zod';
import { isReservedSlug, sanitizeSlugInput, SLUG_PATTERN } from '../rules/slug.ts';

export const SLUG_FORMAT_MESSAGE = 'Use 3-30 letters, numbers, underscores or dashes';
/** Part 2 §5's save error, used for route names that cannot be public URLs. */
export const SLUG_INVALID_MESSAGE = 'Invalid URL name';

/** The public page URL name (public_page_slug). */
export const publicUrlNameSchema = z
  .string(SLUG_FORMAT_MESSAGE)
  .trim()
  .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE)
  .refine((slug) => !isReservedSlug(slug), SLUG_INVALID_MESSAGE);
export const publicUrlNameFormSchema = z.object({ slug: publicUrlNameSchema });
export type PublicUrlNameInput = z.infer<typeof publicUrlNameFormSchema>;

/** The input strips characters other than letters, digits, underscore and dash. */
export { sanitizeSlugInput };
