import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { getFolderCall } from '../list-calls.ts';
import { decodeFolder, type FolderContext } from './decode.ts';
import { categoryKeys } from './keys.ts';

export type { FolderContext, SubfolderWithCount } from './decode.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One of the caller's folders with its breadcrumb and subfolders, or null when it does not exist,
 * is someone else's, or is not a folder id at all (a pasted URL): the screen shows "not found".
 */
export async function getFolder(client: DataClient, folderId: string): Promise<FolderContext | null> {
  if (!UUID.test(folderId)) return null;
  const call = getFolderCall(folderId);
  return decodeFolder(unwrap(await client.rpc(call.fn, call.args)));
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
