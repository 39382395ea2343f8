import { z } from 'zod';
import { httpUrlField } from './fields.ts';

/** Body of the instagram-oembed and tiktok-oembed functions. */
export const oembedRequestSchema = z.object({ url: httpUrlField('URL is required') });

/** What they answer (fields may be missing when the provider has none). */
export const oembedResponseSchema = z.object({
  title: z.string().nullish(),
  author_name: z.string().nullish(),
  thumbnail_url: z.string().nullish(),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
