import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listBackgrounds } from './api.ts';
import { backgroundKeys, type BackgroundScope } from './keys.ts';

export const backgroundQueries = {
  list: (client: DataClient, userId: string, scope: BackgroundScope) =>
    queryOptions({
      queryKey: backgroundKeys.list({ userId, scope }),
      queryFn: () => listBackgrounds(client, userId, scope),
      staleTime: 5 * 60_000,
    }),
};
