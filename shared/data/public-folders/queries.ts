import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getFolderPublication } from './api.ts';
import { publicFolderKeys } from './keys.ts';

export const publicFolderQueries = {
  ofFolder: (client: DataClient, folderId: string) =>
    queryOptions({ queryKey: publicFolderKeys.ofFolder(folderId), queryFn: () => getFolderPublication(client, folderId) }),
};
