import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getPreferences } from './api.ts';
import { preferencesKeys } from './keys.ts';

export const preferencesQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: preferencesKeys.detail(userId), queryFn: () => getPreferences(client, userId), staleTime: 5 * 60_000 }),
};
