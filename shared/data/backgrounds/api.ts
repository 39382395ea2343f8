import { STORAGE_BUCKETS } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { requireUserId } from '../session.ts';
import { removePublicFile, uploadPublicFile, type UploadFile } from '../storage.ts';
import type { UserBackgroundRow } from '../types.ts';
import type { BackgroundScope } from './keys.ts';

const COLUMNS = 'id,user_id,background_url,background_name,category_id,is_default,created_at';

export interface BackgroundList {
  /** The rows shown in the dialog: the user's own, or (when they have none) the admins' as defaults. */
  backgrounds: UserBackgroundRow[];
  /** True when `backgrounds` are admin fallbacks (badge 'Default', not deletable). */
  fromAdmin: boolean;
  /** The chosen one (is_default), if any. */
  current: UserBackgroundRow | null;
}

const isCategoryScope = (scope: BackgroundScope): scope is { categoryId: string } => 'categoryId' in scope;

/**
 * Backgrounds of one scope, newest first; falls back to the admin user's rows (readable by
 * every signed-in user under RLS) when the user has none (part 1 §7).
 */
export async function listBackgrounds(client: DataClient, userId: string, scope: BackgroundScope): Promise<BackgroundList> {
  let query = client.from('user_backgrounds').select(COLUMNS);
  query = isCategoryScope(scope)
    ? query.eq('category_id', scope.categoryId)
    : query.eq('background_name', scope.name).is('category_id', null);
  const rows = unwrap(await query.order('created_at', { ascending: false }).limit(200));
  const own = rows.filter((row) => row.user_id === userId);
  const backgrounds = own.length > 0 ? own : rows.filter((row) => row.user_id !== userId);
  return { backgrounds, fromAdmin: own.length === 0 && backgrounds.length > 0, current: backgrounds.find((row) => row.is_default) ?? null };
}

/** Uploads to banner-backgrounds/{userId}/{timestamp}.{ext} and records it (not chosen yet). */
export async function uploadBackground(client: DataClient, file: UploadFile & Blob, scope: BackgroundScope): Promise<UserBackgroundRow> {
  const userId = await requireUserId(client);
  const { publicUrl } = await uploadPublicFile(client, STORAGE_BUCKETS.bannerBackgrounds, userId, file, 'background');
  const scopeColumns = isCategoryScope(scope) ? { category_id: scope.categoryId } : { background_name: scope.name };
  return unwrap(
    await client
      .from('user_backgrounds')
      .insert({ user_id: userId, background_url: publicUrl, is_default: false, ...scopeColumns })
      .select(COLUMNS)
      .single(),
  );
}

/**
 * Chooses a background for its scope: is_default cleared on the others, set on this one (RPC
 * set_default_background, one transaction). An admin default is copied into the user's rows.
 */
export async function selectBackground(client: DataClient, backgroundId: string, scope?: BackgroundScope): Promise<UserBackgroundRow> {
  const rows = unwrap(
    await client.rpc('set_default_background', {
      background_id: backgroundId,
      scope_category_id: scope && isCategoryScope(scope) ? scope.categoryId : null,
      scope_name: scope && !isCategoryScope(scope) ? scope.name : null,
    }),
  );
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Background not found.');
  return rows[0];
}

/** Deletes an own background row and its file in banner-backgrounds. */
export async function deleteBackground(client: DataClient, background: Pick<UserBackgroundRow, 'id' | 'background_url'>): Promise<void> {
  const rows = unwrap(await client.from('user_backgrounds').delete().eq('id', background.id).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Background not found.');
  // Another row of the user may still use the same file (a copied admin default): the bucket
  // policy only lets users remove their own folder's objects, and a failure here is not the user's problem.
  try {
    await removePublicFile(client, STORAGE_BUCKETS.bannerBackgrounds, background.background_url);
  } catch (error) {
    console.warn('background file not removed', error);
  }
}
