import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listOutgoingShares, searchUsernames } from './api.ts';
import { shareKeys } from './keys.ts';

export const shareQueries = {
  outgoing: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: shareKeys.list({ userId }), queryFn: () => listOutgoingShares(client, userId), staleTime: 30_000 }),
  usernameSearch: (client: DataClient, prefix: string) =>
    queryOptions({ queryKey: shareKeys.usernameSearch(prefix), queryFn: () => searchUsernames(client, prefix), staleTime: 60_000 }),
};
