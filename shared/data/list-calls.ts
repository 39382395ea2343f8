import type { RpcCall } from './early-rpc.ts';

/**
 * The RPCs behind a first page load's lists, defined once: the data layer calls them through
 * supabase-js (links/api.ts, categories/folder.ts) and the web app's entry starts the same calls
 * early (early-rpc.ts), so the two requests are identical. Imports nothing at runtime.
 */

/** The user's links (not templates), newest first: one JSON array, a link as an array of its LINK_LIST_COLUMNS values. */
export const listLinksCall = (userId: string): RpcCall => ({ fn: 'list_links', args: { p_user_id: userId } });

/**
 * How many links a folder's first screen is drawn from: more than fit on any screen (20 rows of
 * six cards, 15 of eight), far fewer than a big folder holds.
 */
export const FOLDER_FIRST_SCREEN = 120;

/**
 * A folder's links (category_id or second_category_id is the folder), newest first, as list_links's
 * plus description; with `limit`, only the newest `limit` of them (a folder's first screen).
 */
export const listFolderLinksCall = (userId: string, categoryId: string, limit?: number): RpcCall => ({
  fn: 'list_folder_links',
  args: limit === undefined ? { p_user_id: userId, p_category_id: categoryId } : { p_user_id: userId, p_category_id: categoryId, p_limit: limit },
});

/** A folder with its breadcrumb, counts and subfolders (null when it is not the caller's). */
export const getFolderCall = (folderId: string): RpcCall => ({ fn: 'get_folder', args: { folder_id: folderId } });
