import { DEFAULT_CATEGORY_NAME, STORAGE_BUCKETS } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { requireUserId } from '../session.ts';
import { removePublicFile, uploadPublicFile, type UploadFile } from '../storage.ts';
import type { CategoryRow, TablesUpdate } from '../types.ts';

import { CATEGORY_COLUMNS, CATEGORY_LIST_LIMIT } from '../list-calls.ts';

export { CATEGORY_COLUMNS };
export type Category = CategoryRow;

/**
 * The user's folders (templates excluded), default ones first, then by name (part 1 §7). A first
 * load asks for the same URL early (list-calls.ts's listCategoriesRead): keep the two in step.
 */
export async function listCategories(client: DataClient, userId: string): Promise<Category[]> {
  const rows = unwrap(
    await client
      .from('categories')
      .select(CATEGORY_COLUMNS)
      .eq('user_id', userId)
      .eq('is_template', false)
      .order('is_default', { ascending: false })
      .order('name', { ascending: true })
      .limit(CATEGORY_LIST_LIMIT),
  );
  return rows ?? [];
}

/** Subfolders of one folder, in display order then name (part 2 §7). */
export async function listSubfolders(client: DataClient, userId: string, parentId: string): Promise<Category[]> {
  const rows = unwrap(
    await client
      .from('categories')
      .select(CATEGORY_COLUMNS)
      .eq('user_id', userId)
      .eq('parent_category_id', parentId)
      .order('display_order', { ascending: true })
      .order('name', { ascending: true }),
  );
  return rows ?? [];
}

/** 'Recently Saved Links', or the DataError errors.ts shows as "Default category … not found." */
export async function getDefaultCategory(client: DataClient, userId: string): Promise<Category> {
  const rows = unwrap(
    await client
      .from('categories')
      .select(CATEGORY_COLUMNS)
      .eq('user_id', userId)
      .eq('is_default', true)
      .is('parent_category_id', null)
      .eq('name', DEFAULT_CATEGORY_NAME)
      .limit(1),
  );
  const found = rows[0];
  if (!found) throw clientError(CLIENT_ERROR_CODES.defaultCategoryMissing, `Default category '${DEFAULT_CATEGORY_NAME}' not found.`);
  return found;
}

/** A system folder ('saved' | 'incoming' | 'approved' | 'rejected') or null. */
export async function findSystemCategory(
  client: DataClient,
  userId: string,
  key: NonNullable<Category['system_key']>,
): Promise<Category | null> {
  const rows = unwrap(await client.from('categories').select(CATEGORY_COLUMNS).eq('user_id', userId).eq('system_key', key).limit(1));
  return rows[0] ?? null;
}

export interface CategoryDraft {
  name: string;
  iconUrl?: string | null;
  /** Creates a subfolder of this folder. */
  parentId?: string | null;
}

/** Creates a folder; a duplicate name (case-insensitive, same parent) fails with 23505 ('Category exists'). */
export async function createCategory(client: DataClient, draft: CategoryDraft): Promise<Category> {
  const userId = await requireUserId(client);
  return unwrap(
    await client
      .from('categories')
      .insert({ user_id: userId, name: draft.name.trim(), icon_url: draft.iconUrl ?? null, parent_category_id: draft.parentId ?? null })
      .select(CATEGORY_COLUMNS)
      .single(),
  );
}

/** Renames / changes the icon of an own, non-default folder. Refused (default, someone else's) = error. */
export async function updateCategory(
  client: DataClient,
  id: string,
  changes: { name?: string; iconUrl?: string | null },
): Promise<Category> {
  const patch: TablesUpdate<'categories'> = {};
  if (changes.name !== undefined) patch.name = changes.name.trim();
  if (changes.iconUrl !== undefined) patch.icon_url = changes.iconUrl;
  const rows = unwrap(await client.from('categories').update(patch).eq('id', id).select(CATEGORY_COLUMNS));
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Category not found.');
  return rows[0];
}

/**
 * Moves an own, non-default folder under another of the user's folders, or to the top level (null).
 * The database refuses a move into the folder itself or one of its subfolders (23514), and a name
 * already used under the new parent (23505, 'Category exists').
 */
export async function moveCategory(client: DataClient, id: string, parentId: string | null): Promise<Category> {
  const rows = unwrap(await client.from('categories').update({ parent_category_id: parentId }).eq('id', id).select(CATEGORY_COLUMNS));
  if (!rows.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Category not found.');
  return rows[0];
}

/** Deletes an own, non-default folder (its subfolders and links go with it). */
export async function deleteCategory(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('categories').delete().eq('id', id).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Category not found.');
}

/** Uploads a custom folder icon to category-icons/{userId}/{timestamp}.{ext}; returns its public URL. */
export async function uploadCategoryIcon(client: DataClient, file: UploadFile & Blob): Promise<string> {
  const userId = await requireUserId(client);
  return (await uploadPublicFile(client, STORAGE_BUCKETS.categoryIcons, userId, file, 'icon')).publicUrl;
}

/** Removes an uploaded folder icon from storage (gallery icons are not in storage and are left alone). */
export async function removeCategoryIconFile(client: DataClient, iconUrl: string): Promise<boolean> {
  return removePublicFile(client, STORAGE_BUCKETS.categoryIcons, iconUrl);
}
