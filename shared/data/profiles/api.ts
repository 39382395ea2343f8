import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import type { ProfileRow, UsernameChangeRow } from '../types.ts';

const PROFILE_COLUMNS = 'user_id,first_name,last_name,email,phone,username,email_visible,name_visible,icon_outline_color,public_page_slug';

/** The signed-in user's profile (RLS: own row only). */
export async function getProfile(client: DataClient, userId: string): Promise<ProfileRow | null> {
  return unwrap(await client.from('profiles').select(PROFILE_COLUMNS).eq('user_id', userId).maybeSingle());
}

type ProfilePatch = Partial<Pick<ProfileRow, 'email_visible' | 'name_visible' | 'username' | 'public_page_slug' | 'icon_outline_color'>>;

/** Updates own profile columns; 0 rows (no session, someone else's id) is an error. */
async function updateProfile(client: DataClient, userId: string, patch: ProfilePatch): Promise<ProfileRow> {
  const rows = unwrap(await client.from('profiles').update(patch).eq('user_id', userId).select(PROFILE_COLUMNS));
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Profile not found.');
  return rows[0];
}

export const setEmailVisible = (client: DataClient, userId: string, visible: boolean) =>
  updateProfile(client, userId, { email_visible: visible });
export const setNameVisible = (client: DataClient, userId: string, visible: boolean) =>
  updateProfile(client, userId, { name_visible: visible });
export const setOutlineColor = (client: DataClient, userId: string, color: string) =>
  updateProfile(client, userId, { icon_outline_color: color });
/** A taken username fails with 23505 ('This username is already taken'). */
export const setUsername = (client: DataClient, userId: string, username: string) =>
  updateProfile(client, userId, { username: username.trim() });

/** Saves the public page URL name; the same value again is 'No changes', a taken one 23505. */
export async function setPublicSlug(client: DataClient, userId: string, slug: string, currentSlug: string | null): Promise<ProfileRow> {
  if (currentSlug && currentSlug.toLowerCase() === slug.trim().toLowerCase()) {
    throw clientError(CLIENT_ERROR_CODES.noChange, 'This is already your current URL.');
  }
  return updateProfile(client, userId, { public_page_slug: slug.trim() });
}

export async function isUsernameAvailable(client: DataClient, username: string): Promise<boolean> {
  return unwrap(await client.rpc('is_username_available', { username_param: username.trim() }));
}

export async function isSlugAvailable(client: DataClient, slug: string): Promise<boolean> {
  return unwrap(await client.rpc('is_slug_available', { slug_param: slug.trim() }));
}

/** The last username change (part 2 §7: latest by changed_at, limit 1). */
export async function latestUsernameChange(client: DataClient, userId: string): Promise<UsernameChangeRow | null> {
  const rows = unwrap(
    await client
      .from('username_change_history')
      .select('user_id,old_username,new_username,changed_at')
      .eq('user_id', userId)
      .order('changed_at', { ascending: false })
      .limit(1),
  );
  return rows[0] ?? null;
}

/**
 * E-mails a 6-digit code to the new address ('request-email-change'). The current password is
 * asked again: a stolen session alone cannot move the account to another address.
 */
export async function requestEmailChange(client: DataClient, newEmail: string, password: string): Promise<unknown> {
  return invokeFunction(client, 'request-email-change', { new_email: newEmail, password });
}

/** Confirms the code ('confirm-email-change'); answers with the new address. */
export async function confirmEmailChange(client: DataClient, code: string): Promise<{ new_email: string }> {
  return invokeFunction<{ new_email: string }>(client, 'confirm-email-change', { code });
}
