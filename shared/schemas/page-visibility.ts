import { z } from 'zod';
import { DEFAULT_PAGE_VISIBILITY, PAGE_VISIBILITIES } from '../constants.ts';

/** user_privacy_settings: publish flag and visibility (changed separately in the UI). */
export const pageVisibilitySchema = z.object({
  public_page_visibility: z.enum(PAGE_VISIBILITIES).default(DEFAULT_PAGE_VISIBILITY),
  public_page_published: z.boolean().default(false),
});
export type PageVisibilityInput = z.infer<typeof pageVisibilitySchema>;
