import { z } from 'zod';

import { SEARCH_PAGE_MAX, SEARCH_TERM_MAX_LENGTH, SEARCH_TERMS_MAX } from '../rules/search-limits.ts';

export { SEARCH_PAGE_MAX, SEARCH_TERM_MAX_LENGTH, SEARCH_TERMS_MAX };

const terms = z
  .array(z.string().max(SEARCH_TERM_MAX_LENGTH, `A search term has at most ${SEARCH_TERM_MAX_LENGTH} characters.`))
  .max(SEARCH_TERMS_MAX, `A search takes at most ${SEARCH_TERMS_MAX} terms of each kind.`);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** A parsed query (shared/rules/search-query.ts) plus the folder view's scope and the page wanted. */
export const searchLinksParamsSchema = z.object({
  words: terms,
  phrases: terms,
  notWords: terms,
  tags: terms,
  notTags: terms,
  folders: terms,
  sites: terms,
  notSites: terms,
  before: day.nullable(),
  after: day.nullable(),
  isShared: z.boolean().nullable(),
  isIncoming: z.boolean().nullable(),
  hasNotes: z.boolean().nullable(),
  /** The folder view's box: only this folder and its subfolders. */
  folderId: z.uuid().nullable().optional(),
  limit: z.number().int().min(1).max(SEARCH_PAGE_MAX).default(50),
  offset: z.number().int().min(0).max(100_000).default(0),
});
export type SearchLinksParams = z.input<typeof searchLinksParamsSchema>;

const searchHitSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  icon_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  category_id: z.uuid().nullable(),
  second_category_id: z.uuid().nullable(),
  access_count: z.number().int(),
  share_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  rank: z.number(),
  tags: z.array(z.string()),
});

/** One page of results; `total` counts every match; `fuzzy` when the words matched only as typos. */
export const searchLinksResultSchema = z.object({ total: z.number().int(), fuzzy: z.boolean(), links: z.array(searchHitSchema) });
export type SearchLinksResult = z.infer<typeof searchLinksResultSchema>;
