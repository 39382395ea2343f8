import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { FOLDER_FIRST_SCREEN } from '../list-calls.ts';
import { getLink, listFolderLinks, listLinks } from './api.ts';
import { linkKeys } from './keys.ts';

export const linkQueries = {
  /** The grid's list (only the columns it shows). */
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: linkKeys.list({ userId }), queryFn: () => listLinks(client, userId), staleTime: 30_000 }),
  /** One folder's links (with descriptions). */
  folder: (client: DataClient, userId: string, categoryId: string) =>
    queryOptions({
      queryKey: linkKeys.list({ userId, categoryId }),
      queryFn: () => listFolderLinks(client, userId, categoryId),
      staleTime: 30_000,
    }),
  /** A folder's newest links, enough for its first screen: a big folder shows them before the whole list is in. */
  folderFirstScreen: (client: DataClient, userId: string, categoryId: string) =>
    queryOptions({
      queryKey: linkKeys.list({ userId, categoryId, firstScreen: true }),
      queryFn: () => listFolderLinks(client, userId, categoryId, FOLDER_FIRST_SCREEN),
      staleTime: 30_000,
    }),
  detail: (client: DataClient, id: string) => queryOptions({ queryKey: linkKeys.detail(id), queryFn: () => getLink(client, id) }),
};
