import { DEFAULT_PREFERENCES, type Preferences } from '../../rules/preferences.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';

const COLUMNS = 'default_category_id,open_links,confirm_delete,start_page,start_category_id';

/** The user's General settings; the defaults while they have no row. */
export async function getPreferences(client: DataClient, userId: string): Promise<Preferences> {
  const row = unwrap(await client.from('user_preferences').select(COLUMNS).eq('user_id', userId).maybeSingle());
  return row ? (row as Preferences) : DEFAULT_PREFERENCES;
}

/**
 * Upsert by user, checked by the schema first (loaded here, on save only: the screens that read
 * preferences load no zod); the database refuses a folder the user does not own.
 */
export async function savePreferences(client: DataClient, userId: string, input: Preferences): Promise<Preferences> {
  const { preferencesSchema } = await import('../../schemas/preferences.ts');
  const values = preferencesSchema.parse(input);
  const row = unwrap(
    await client
      .from('user_preferences')
      .upsert({ user_id: userId, ...values }, { onConflict: 'user_id' })
      .select(COLUMNS)
      .single(),
  );
  return row as Preferences;
}
