import type { DataClient } from './client.ts';
import { CLIENT_ERROR_CODES, clientError } from './errors.ts';

/**
 * The signed-in user's id from the stored session (no network round trip), or a
 * 'not_authenticated' DataError, which errors.ts maps to "You must be logged in to …".
 */
export async function requireUserId(client: DataClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const id = data.session?.user.id;
  if (!id) throw clientError(CLIENT_ERROR_CODES.notAuthenticated, 'Not signed in');
  return id;
}

/** The current access token (supabase-js refreshes an expired one first), or null when signed out. */
export async function currentAccessToken(client: DataClient): Promise<string | null> {
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}
