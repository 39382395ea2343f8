import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listCategories, listSubfolders } from './api.ts';
import { categoryKeys } from './keys.ts';

export const categoryQueries = {
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: categoryKeys.list({ userId }), queryFn: () => listCategories(client, userId), staleTime: 60_000 }),
  subfolders: (client: DataClient, userId: string, parentId: string) =>
    queryOptions({ queryKey: categoryKeys.list({ userId, parentId }), queryFn: () => listSubfolders(client, userId, parentId) }),
};
