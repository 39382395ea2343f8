import { z } from 'zod';
import { httpUrlField, idField } from './fields.ts';

/**
 * The link-preview edge function's body. `url` alone: a preview for the link form
 * (nothing stored). `link_id`: fetch the saved link's page (its stored URL, not the body's) and
 * store favicon/image/description on it. `hints` come from the extension (the tab's title and
 * favicon URL); the favicon hint is fetched under the same SSRF rules as everything else.
 */
export const linkPreviewRequestSchema = z
  .object({
    url: httpUrlField('URL is required').optional(),
    link_id: idField().optional(),
    hints: z
      .object({
        title: z.string().trim().max(500).nullish(),
        favicon_url: z.string().trim().max(2048).nullish(),
      })
      .nullish(),
  })
  .refine((v) => v.url !== undefined || v.link_id !== undefined, { message: 'URL is required', path: ['url'] });

/** What the function answers (favicon_url / image_url are our stored copies when link_id was given). */
export interface LinkPreviewResult {
  title: string | null;
  description: string | null;
  site_name: string | null;
  favicon_url: string | null;
  image_url: string | null;
  final_url: string;
  stored?: boolean;
}
