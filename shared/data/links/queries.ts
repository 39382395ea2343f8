import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
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
  detail: (client: DataClient, id: string) => queryOptions({ queryKey: linkKeys.detail(id), queryFn: () => getLink(client, id) }),
};
