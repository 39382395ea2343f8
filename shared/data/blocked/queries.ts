import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listBlockedSenders } from './api.ts';
import { blockedKeys } from './keys.ts';

export const blockedQueries = {
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: blockedKeys.list(userId), queryFn: () => listBlockedSenders(client, userId) }),
};
