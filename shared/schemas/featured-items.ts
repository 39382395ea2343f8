import { z } from 'zod';
import { FEATURED_ITEMS_MAX, FEATURED_TITLE_MAX } from '../rules/featured-links.ts';

const FEATURED_MESSAGES = {
  tooMany: `At most ${FEATURED_ITEMS_MAX} featured links`,
  titleTooLong: `A title must be at most ${FEATURED_TITLE_MAX} characters`,
  image: 'Choose an uploaded image, the preview image or none',
  target: 'Each featured item is one link or one folder',
} as const;

/** One featured item as the Studio saves it (save_featured_items): a link or a folder, in order. */
const featuredItemInputSchema = z
  .object({
    link_id: z.uuid().nullable(),
    category_id: z.uuid().nullable(),
    custom_title: z.string().trim().max(FEATURED_TITLE_MAX, FEATURED_MESSAGES.titleTooLong),
    image_url: z
      .string()
      .regex(/^(https?:\/\/|\/[A-Za-z0-9_])/i, FEATURED_MESSAGES.image)
      .nullable(),
  })
  .refine((item) => (item.link_id === null) !== (item.category_id === null), FEATURED_MESSAGES.target);

export const featuredItemsInputSchema = z.array(featuredItemInputSchema).max(FEATURED_ITEMS_MAX, FEATURED_MESSAGES.tooMany);
export type FeaturedItemInput = z.infer<typeof featuredItemInputSchema>;
