/**
 * The session supabase-js persists, read without loading supabase-js: the web app's first page load
 * (localStorage) and the extension's popup, options page and service worker (browser.storage.local)
 * decide who is signed in from one storage read. Imports only the two-factor rule at runtime: it is
 * part of the web app's entry chunk, which every page loads.
 */
import { needsSecondFactor } from './two-factor-session.ts';

/**
 * The key supabase-js stores the session under: shared/data/client.ts gives it to supabase-js, and
 * it lives here so the session readers do not load supabase-js.
 */
export const AUTH_STORAGE_KEY = 'linkvault-auth';

/** supabase-js's stored session, as far as the apps read it (the fields are checked where read). */
export interface StoredSession {
  access_token?: unknown;
  /** Epoch seconds. */
  expires_at?: unknown;
  refresh_token: string;
  user?: { id?: unknown; email?: unknown; factors?: unknown } | null;
}

/** Who is signed in, read straight from storage. */
export interface StoredUser {
  userId: string;
  email: string | null;
}

/**
 * Parses the stored value: null unless it is supabase-js's session (an object with a refresh token).
 * An expired access token still counts as a session: supabase-js refreshes it with the refresh token
 * on its first call, and signs out if that fails.
 */
export function parseStoredSession(raw: unknown): StoredSession | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const session = JSON.parse(raw) as Partial<StoredSession> | null;
    return session && typeof session === 'object' && typeof session.refresh_token === 'string' ? (session as StoredSession) : null;
  } catch {
    return null;
  }
}

const userIdOf = (session: StoredSession): string | null => {
  const id = session.user?.id;
  return typeof id === 'string' && id ? id : null;
};

/** The signed-in user of a stored value, or null when it holds no session with a user. */
export function storedUser(raw: unknown): StoredUser | null {
  const session = parseStoredSession(raw);
  const userId = session && userIdOf(session);
  if (!session || !userId) return null;
  const email = session.user?.email;
  return { userId, email: typeof email === 'string' ? email : null };
}

/** The page's localStorage, or null where there is none or the browser disabled it. */
function safeLocalStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readSession(storage: Pick<Storage, 'getItem'> | null): StoredSession | null {
  if (!storage) return null;
  try {
    return parseStoredSession(storage.getItem(AUTH_STORAGE_KEY));
  } catch {
    return null; // storage that throws: signed out
  }
}

/** The access token when it is valid for at least `marginSeconds` more, else null. */
function validToken(session: StoredSession, nowSeconds: number, marginSeconds: number): string | null {
  const { access_token: token, expires_at: expiresAt } = session;
  return typeof token === 'string' && typeof expiresAt === 'number' && expiresAt - marginSeconds > nowSeconds ? token : null;
}

/**
 * A password-only session of an account with two-factor on: the API refuses its token until the
 * code (docs/security.md), so the token readers below treat it as signed out.
 */
function awaitsCode(session: StoredSession): boolean {
  const factors = session.user?.factors;
  return (
    typeof session.access_token === 'string' &&
    needsSecondFactor({
      access_token: session.access_token,
      user: { factors: Array.isArray(factors) ? (factors as { status?: string }[]) : [] },
    })
  );
}

/**
 * Whether supabase-js has a session stored. Only a hint: the session may have expired; the client
 * then decides. No stored session means signed out for sure.
 */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): boolean {
  return readSession(storage) !== null;
}

/** What storedAccessToken answers for a session whose token has expired (no JWT reads so). */
export const STALE_SESSION = 'stale';

/**
 * The stored access token when it is still valid for at least `marginSeconds`, read without loading
 * supabase-js (the public page calls its one RPC with it). STALE_SESSION when a session exists but its
 * token has expired: the caller then loads supabase-js, which refreshes it.
 */
export function storedAccessToken(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  nowSeconds = Date.now() / 1000,
  marginSeconds = 30,
): string | null {
  const session = readSession(storage);
  if (!session || awaitsCode(session)) return null;
  return validToken(session, nowSeconds, marginSeconds) ?? STALE_SESSION;
}

/**
 * The stored token and its user when the token is valid for at least `marginSeconds` more (a first
 * load's early requests, web/src/app/route-preload.ts); null otherwise (supabase-js then decides).
 * The default margin is supabase-js's own: it refreshes a session expiring within 90 s as it starts,
 * and an early request made with the old token would go unused.
 */
export function storedSignedInUser(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  nowSeconds = Date.now() / 1000,
  marginSeconds = 90,
): { accessToken: string; userId: string } | null {
  const session = readSession(storage);
  const accessToken = session && !awaitsCode(session) && validToken(session, nowSeconds, marginSeconds);
  const userId = session && userIdOf(session);
  return accessToken && userId ? { accessToken, userId } : null;
}
