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
  return readStoredSession(storage) !== null;
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

interface StoredSession {
  access_token?: unknown;
  expires_at?: unknown;
  refresh_token?: unknown;
  user?: { id?: unknown } | null;
}

/** The stored session, or null when there is none (or it is not supabase-js's shape). */
function readStoredSession(storage: Pick<Storage, 'getItem'> | null): StoredSession | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as StoredSession | null;
    return parsed && typeof parsed === 'object' && typeof parsed.refresh_token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function validToken(session: StoredSession, nowSeconds: number, marginSeconds: number): string | null {
  const { access_token: token, expires_at: expiresAt } = session;
  return typeof token === 'string' && typeof expiresAt === 'number' && expiresAt - marginSeconds > nowSeconds ? token : null;
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
  const session = readStoredSession(storage);
  if (!session) return null;
  return validToken(session, nowSeconds, marginSeconds) ?? 'stale';
}

/**
 * The stored token and its user when the token is valid for at least `marginSeconds` more (a first
 * load's early requests, app/route-preload.ts); null otherwise (supabase-js then decides). The default
 * margin is supabase-js's own: it refreshes a session expiring within 90 s as it starts, and an early
 * request made with the old token would go unused.
 */
export function storedSignedInUser(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  nowSeconds = Date.now() / 1000,
  marginSeconds = 90,
): { accessToken: string; userId: string } | null {
  const session = readStoredSession(storage);
  const accessToken = session && validToken(session, nowSeconds, marginSeconds);
  const userId = session?.user?.id;
  return accessToken && typeof userId === 'string' ? { accessToken, userId } : null;
}
