import type { PageVisibility } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { DataError, toDataError, unwrap } from '../errors.ts';
import type { PrivacySettingsRow } from '../types.ts';

const COLUMNS = 'id,user_id,public_page_published,public_page_visibility';

export async function getPrivacySettings(client: DataClient, userId: string): Promise<PrivacySettingsRow | null> {
  return unwrap(await client.from('user_privacy_settings').select(COLUMNS).eq('user_id', userId).maybeSingle());
}

/** Update, or create the row when the update matched none (part 2 §4). */
async function updateOrCreate(
  client: DataClient,
  userId: string,
  patch: Partial<Pick<PrivacySettingsRow, 'public_page_published' | 'public_page_visibility'>>,
): Promise<PrivacySettingsRow> {
  const rows = unwrap(await client.from('user_privacy_settings').update(patch).eq('user_id', userId).select(COLUMNS));
  if (rows.length) return rows[0];
  const created = await client
    .from('user_privacy_settings')
    .insert({ user_id: userId, ...patch })
    .select(COLUMNS)
    .single();
  if (created.error) throw new PrivacyInitError(toDataError(created.error));
  return created.data;
}

/** Creating the missing row failed ('Failed to initialize visibility/publish settings.'). */
export class PrivacyInitError extends DataError {
  constructor(cause: DataError) {
    super(cause.message, { code: cause.code, status: cause.status, details: cause.details, source: cause.source, cause });
    this.name = 'PrivacyInitError';
  }
}

export const setPageVisibility = (client: DataClient, userId: string, visibility: PageVisibility) =>
  updateOrCreate(client, userId, { public_page_visibility: visibility });
export const setPagePublished = (client: DataClient, userId: string, published: boolean) =>
  updateOrCreate(client, userId, { public_page_published: published });
