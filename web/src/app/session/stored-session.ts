/**
 * Mirrors DEFAULT_AUTH_STORAGE_KEY in shared/data/client.ts. Kept as a literal here because importing
 * that module would pull supabase-js into the first page load; tests/unit/web/stored-session.test.ts
 * checks the two stay equal.
 */
export const AUTH_STORAGE_KEY = 'linkvault-auth';

/**
 * Whether supabase-js has a session stored, read without loading supabase-js. Only a hint: the
 * session may have expired; the client then decides. No stored session means signed out for sure.
 */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return false;
    const parsed: unknown = JSON.parse(raw);
    return !!parsed && typeof parsed === 'object' && typeof (parsed as { refresh_token?: unknown }).refresh_token === 'string';
  } catch {
    return false;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/**
 * The stored access token when it is still valid for at least `marginSeconds`, read without loading
 * supabase-js (the public page calls its one RPC with it). 'stale' when a session exists but its
 * token has expired: the caller then loads supabase-js, which refreshes it.
 */
export function storedAccessToken(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  nowSeconds = Date.now() / 1000,
  marginSeconds = 30,
): string | 'stale' | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown; refresh_token?: unknown } | null;
    if (!parsed || typeof parsed.refresh_token !== 'string') return null;
    if (typeof parsed.access_token === 'string' && typeof parsed.expires_at === 'number' && parsed.expires_at - marginSeconds > nowSeconds) return parsed.access_token;
    return 'stale';
  } catch {
    return null;
  }
}
