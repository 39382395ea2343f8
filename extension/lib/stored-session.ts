import { STORAGE_KEYS } from './storage-keys.ts';
import { readKey, type StorageArea } from './storage-area.ts';

/** Who is signed in, read straight from storage (no supabase-js, so the popup can decide in one read). */
export interface StoredUser {
  userId: string;
  email: string | null;
}

/**
 * Parses the session supabase-js persisted. An expired access token still counts as signed in:
 * supabase-js refreshes it with the refresh token on the first call, and signs out if that fails.
 */
export function parseStoredSession(raw: unknown): StoredUser | null {
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const session = JSON.parse(raw) as { refresh_token?: unknown; user?: { id?: unknown; email?: unknown } };
    const id = session.user?.id;
    if (typeof id !== 'string' || !id || typeof session.refresh_token !== 'string') return null;
    return { userId: id, email: typeof session.user?.email === 'string' ? session.user.email : null };
  } catch {
    return null;
  }
}

export async function readStoredUser(area: StorageArea): Promise<StoredUser | null> {
  return parseStoredSession(await readKey<string>(area, STORAGE_KEYS.session));
}
