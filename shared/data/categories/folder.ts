import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { getFolderCall } from '../list-calls.ts';
import type { Category } from './api.ts';
import { categoryKeys } from './keys.ts';

/** A subfolder as the folder view lists it: the folder and how many links it holds. */
export type SubfolderWithCount = Category & { link_count: number };

/** What the folder header needs (RPC get_folder): the folder, its breadcrumb, counts, subfolders. */
export interface FolderContext {
  folder: Category;
  /** Parent folders, the top-level one first (empty for a top-level folder). */
  ancestors: Array<{ id: string; name: string }>;
  /** Links whose category_id or second_category_id is the folder. */
  link_count: number;
  subfolders: SubfolderWithCount[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One of the caller's folders with its breadcrumb and subfolders, or null when it does not exist,
 * is someone else's, or is not a folder id at all (a pasted URL): the screen shows "not found".
 */
export async function getFolder(client: DataClient, folderId: string): Promise<FolderContext | null> {
  if (!UUID.test(folderId)) return null;
  const call = getFolderCall(folderId);
  return (unwrap(await client.rpc(call.fn, call.args)) as FolderContext | null) ?? null;
}

/** Throws when the folder is missing; for callers that need it (mutations on a folder). */
export async function requireFolder(client: DataClient, folderId: string): Promise<FolderContext> {
  const folder = await getFolder(client, folderId);
  if (!folder) throw clientError(CLIENT_ERROR_CODES.notFound, 'Category not found.');
  return folder;
}

export const folderQueries = {
  /** Keyed under the category lists, so every folder mutation (create, rename, icon, delete) refreshes it. */
  context: (client: DataClient, userId: string, folderId: string) =>
    queryOptions({
      queryKey: [...categoryKeys.lists(), 'folder', { userId, folderId }] as const,
      queryFn: () => getFolder(client, folderId),
      staleTime: 30_000,
    }),
};
