import { queryOptions } from '@tanstack/react-query';
import { INCOMING_REFRESH_MS, type SharedLinkStatus } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { listIncomingShares, pendingIncomingCount } from './api.ts';
import { incomingKeys } from './keys.ts';

export const incomingQueries = {
  /** The incoming view refreshes every 30 s (part 2 §4). */
  list: (client: DataClient, userId: string, status: SharedLinkStatus | null = 'pending') =>
    queryOptions({
      queryKey: incomingKeys.list({ userId, status }),
      queryFn: () => listIncomingShares(client, status),
      refetchInterval: INCOMING_REFRESH_MS,
    }),
  pendingCount: (client: DataClient, userId: string) =>
    queryOptions({
      queryKey: incomingKeys.pendingCount(userId),
      queryFn: () => pendingIncomingCount(client),
      refetchInterval: INCOMING_REFRESH_MS,
    }),
};
