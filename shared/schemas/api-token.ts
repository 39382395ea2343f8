import { z } from 'zod';
import { API_LIMITS, API_TOKEN_SCOPES } from '../rules/api-tokens.ts';
import { httpUrlField } from './fields.ts';

const API_TOKEN_NAME_REQUIRED = 'Name the token';

/** Settings → Integrations: a new token's name and scope. */
export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, API_TOKEN_NAME_REQUIRED).max(API_LIMITS.nameMax, `At most ${API_LIMITS.nameMax} characters`),
  scope: z.enum(API_TOKEN_SCOPES),
});

/** links-api POST body: a link to save (title defaults to the address). */
export const apiSaveLinkSchema = z.object({
  url: httpUrlField('url is required'),
  title: z.string().trim().max(200, 'title: at most 200 characters').optional(),
  description: z.string().trim().max(1000, 'description: at most 1000 characters').optional(),
  category_id: z.uuid('category_id must be a folder id').optional(),
});

/** links-api GET query: q (words, all must match), limit, offset. */
export const apiListQuerySchema = z.object({
  q: z.string().trim().max(200, 'q: at most 200 characters').default(''),
  limit: z.coerce.number().int('limit must be a whole number').min(1).max(API_LIMITS.pageSizeMax).default(50),
  offset: z.coerce.number().int('offset must be a whole number').min(0).max(100_000).default(0),
});
