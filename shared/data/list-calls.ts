import type { RpcArgs, RpcName } from './database.ts';
import type { RpcCall, TableRead } from './early-rpc.ts';

/**
 * The RPCs behind a first page load's lists, defined once: the data layer calls them through
 * supabase-js (links/api.ts, categories/folder.ts) and the web app's entry starts the same calls
 * early (early-rpc.ts), so the two requests are identical. Imports nothing at runtime.
 */

/** One RPC call as the typed client takes it (`client.rpc(call.fn, call.args)`), and as early-rpc.ts sends it. */
export interface DataRpcCall<F extends RpcName> extends RpcCall {
  fn: F;
  args: RpcArgs<F>;
}

/** A folder's columns as every categories read asks for them. */
export const CATEGORY_COLUMNS = 'id,user_id,name,is_default,is_template,icon_url,parent_category_id,display_order,ai_enhanced,system_key';

/** Most folders one account lists (a bound on the read, far above any real account). */
export const CATEGORY_LIST_LIMIT = 10_000;

/**
 * The user's folders (templates excluded), default ones first, then by name: the query string of
 * categories/api.ts's listCategories, parameter for parameter as postgrest-js writes it.
 */
export const listCategoriesRead = (userId: string): TableRead => ({
  table: 'categories',
  params: [
    ['select', CATEGORY_COLUMNS],
    ['user_id', `eq.${userId}`],
    ['is_template', 'eq.false'],
    ['order', 'is_default.desc,name.asc'],
    ['limit', String(CATEGORY_LIST_LIMIT)],
  ],
});

/** The user's links (not templates), newest first: one JSON array, a link as an array of its LINK_LIST_COLUMNS values. */
export const listLinksCall = (userId: string): DataRpcCall<'list_links'> => ({ fn: 'list_links', args: { p_user_id: userId } });

/**
 * How many links a folder's first screen is drawn from: more than fit on any screen (20 rows of
 * six cards, 15 of eight), far fewer than a big folder holds.
 */
export const FOLDER_FIRST_SCREEN = 120;

/**
 * A folder's links (category_id or second_category_id is the folder), newest first, as list_links's
 * plus description; with `limit`, only the newest `limit` of them (a folder's first screen).
 */
export const listFolderLinksCall = (userId: string, categoryId: string, limit?: number): DataRpcCall<'list_folder_links'> => ({
  fn: 'list_folder_links',
  args:
    limit === undefined
      ? { p_user_id: userId, p_category_id: categoryId }
      : { p_user_id: userId, p_category_id: categoryId, p_limit: limit },
});

/** A folder with its breadcrumb, counts and subfolders (null when it is not the caller's). */
export const getFolderCall = (folderId: string): DataRpcCall<'get_folder'> => ({ fn: 'get_folder', args: { folder_id: folderId } });
