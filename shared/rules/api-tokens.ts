/**
 * Personal API tokens (Settings → Integrations) and the links-api edge function. The database
 * (migration *_api_tokens.sql) makes the tokens ('lv_' + 64 hex), stores their SHA-256 and checks
 * scope, revocation and this per-minute limit, which the function passes (one definition).
 */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = { read: 'Read', read_write: 'Read and write' };

export const API_LIMITS = {
  /** Calls per user per minute, over all their tokens. */
  requestsPerMinute: 60,
  /** Links per list or search answer (default 50). */
  pageSizeMax: 100,
  /** Active (not revoked) tokens per user; the database's create_api_token has the same 10. */
  activeTokensMax: 10,
  nameMax: 60,
} as const;

const TOKEN_FORMAT = /^lv_[0-9a-f]{64}$/;

/** A string that can be a token (anything else is refused before any lookup). */
export function isApiTokenFormat(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** The stored form of a token: its SHA-256, lower-case hex (what the database's api_token_hash computes). */
export async function hashApiToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
