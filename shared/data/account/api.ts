import type { DeleteAccountBody } from '../../schemas/delete-account.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap } from '../errors.ts';
import { invokeFunction } from '../functions.ts';
import type { Tables } from '../types.ts';

/** The server-enforced account switches on user_privacy_settings (migration 20261124130000). */
export type AccountControls = Pick<Tables<'user_privacy_settings'>, 'sharing_disabled' | 'deactivated_at'>;

const COLUMNS = 'sharing_disabled,deactivated_at';
const DEFAULTS: AccountControls = { sharing_disabled: false, deactivated_at: null };

export async function getAccountControls(client: DataClient, userId: string): Promise<AccountControls> {
  const row = unwrap(await client.from('user_privacy_settings').select(COLUMNS).eq('user_id', userId).maybeSingle());
  return row ?? DEFAULTS;
}

/** Update, or create the row when the update matched none (as the page-visibility calls do). */
async function updateControls(client: DataClient, userId: string, patch: Partial<AccountControls>): Promise<AccountControls> {
  const rows = unwrap(await client.from('user_privacy_settings').update(patch).eq('user_id', userId).select(COLUMNS));
  if (rows.length) return rows[0];
  return unwrap(
    await client
      .from('user_privacy_settings')
      .insert({ user_id: userId, ...patch })
      .select(COLUMNS)
      .single(),
  );
}

/** Off: shares to the user are suppressed (the sender cannot tell) and the user's own shares are refused. */
export const setSharingDisabled = (client: DataClient, userId: string, disabled: boolean) =>
  updateControls(client, userId, { sharing_disabled: disabled });

/** Deactivated: no shares either way and the public page is unavailable; reactivating clears it. */
export const setDeactivated = (client: DataClient, userId: string, deactivated: boolean) =>
  updateControls(client, userId, { deactivated_at: deactivated ? new Date().toISOString() : null });

/** Removes every row and stored file of the caller ('delete-account'); the session ends with it. */
export async function deleteAccount(client: DataClient, body: DeleteAccountBody): Promise<{ success: boolean; removed_files: number }> {
  const result = await invokeFunction<{ success: boolean; removed_files: number }>(client, 'delete-account', body);
  // The user no longer exists: drop the local session without asking the server.
  await client.auth.signOut({ scope: 'local' });
  return result;
}

/** After the e-mail changed on the server: a fresh session so the client sees the new address. */
export async function refreshAuthSession(client: DataClient): Promise<void> {
  const { error } = await client.auth.refreshSession();
  if (error) throw toDataError(error, 'auth');
}

/** The sign-in providers linked to the account ('email', 'facebook', …), from the auth server. */
export async function listIdentityProviders(client: DataClient): Promise<string[]> {
  const { data, error } = await client.auth.getUser();
  if (error) throw toDataError(error, 'auth');
  return (data.user?.identities ?? []).map((identity) => identity.provider);
}
