import { z } from 'zod';
import { isFolderSlug, PUBLIC_FOLDER_DESCRIPTION_MAX } from '../rules/public-folder.ts';
import { SLUG_PATTERN } from '../rules/slug-pattern.ts';
import { SLUG_FORMAT_MESSAGE } from './public-url-name.ts';

/** The owner's edit of a public folder: its address (the part after the profile's) and description. */
export const publicFolderEditSchema = z.object({
  slug: z
    .string(SLUG_FORMAT_MESSAGE)
    .trim()
    .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE)
    // /{slug}/preview is the profile page's preview.
    .refine((slug) => isFolderSlug(slug), 'This address is reserved; choose another'),
  description: z
    .string()
    .trim()
    .max(PUBLIC_FOLDER_DESCRIPTION_MAX, `At most ${PUBLIC_FOLDER_DESCRIPTION_MAX} characters`)
    .transform((text) => text || null),
});

export type PublicFolderEdit = z.output<typeof publicFolderEditSchema>;
