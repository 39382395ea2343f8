import { API_LIMITS, hashApiToken, isApiTokenFormat } from '~shared/rules/api-tokens.ts';
import { apiListQuerySchema, apiSaveLinkSchema } from '~shared/schemas/api-token.ts';
import { adminClient, bearerToken } from './clients.ts';
import { handle, HttpError, json, parseWith, readJsonBody } from './http.ts';

/** The database's answers (migration *_api_tokens.sql, save_link) as this API's errors. */
const DB_ERRORS: Record<string, { status: number; code: string }> = {
  PT401: { status: 401, code: 'invalid_token' },
  PT403: { status: 403, code: 'insufficient_scope' },
  PT429: { status: 429, code: 'rate_limited' },
  PT404: { status: 404, code: 'not_found' },
  '22023': { status: 400, code: 'invalid_request' },
  P0001: { status: 400, code: 'invalid_request' },
};

function dbFailure(error: { code?: string; message: string }): Error {
  const known = error.code ? DB_ERRORS[error.code] : undefined;
  return known ? new HttpError(known.status, known.code, error.message) : new Error(`links-api: ${error.code} ${error.message}`);
}

/** The caller's token as stored (its SHA-256); 401 before any lookup when there is none or it cannot be one. */
function tokenHash(req: Request): Promise<string> {
  const token = bearerToken(req);
  if (!token || !isApiTokenFormat(token)) {
    return Promise.reject(new HttpError(401, 'invalid_token', 'Send a personal API token: Authorization: Bearer lv_…'));
  }
  return hashApiToken(token);
}

/**
 * links-api: a personal API token's calls, each checked by the database (the token's user only,
 * scope, revocation, rate limit) before it reads or writes that user's links.
 * - GET ?q=&limit=&offset= → { links: [...] } (newest first; q: every word in title, URL or description)
 * - POST { url, title?, description?, category_id? } → { outcome, link } (read and write tokens)
 */
export const handleLinksApi = handle(
  async (req) => {
    const hash = await tokenHash(req);
    const admin = adminClient();
    if (req.method === 'GET') {
      const params = Object.fromEntries(new URL(req.url).searchParams);
      const query = parseWith(apiListQuerySchema, params);
      const { data, error } = await admin.rpc('api_list_links', {
        p_token_hash: hash,
        p_query: query.q,
        p_limit: query.limit,
        p_offset: query.offset,
        per_minute: API_LIMITS.requestsPerMinute,
      });
      if (error) throw dbFailure(error);
      return json({ links: data ?? [] });
    }
    const body = parseWith(apiSaveLinkSchema, await readJsonBody(req));
    const { data, error } = await admin.rpc('api_save_link', {
      p_token_hash: hash,
      p_title: body.title || null,
      p_url: body.url,
      p_description: body.description ?? null,
      p_category_id: body.category_id ?? null,
      per_minute: API_LIMITS.requestsPerMinute,
    });
    if (error) throw dbFailure(error);
    const saved = data as { outcome: string; link: Record<string, unknown> };
    const { id, title, url, description, category_id, second_category_id, created_at, updated_at } = saved.link;
    return json(
      { outcome: saved.outcome, link: { id, title, url, description, category_id, second_category_id, created_at, updated_at } },
      saved.outcome === 'inserted' ? 201 : 200,
    );
  },
  ['GET', 'POST'],
);
