import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getAppearance } from './api.ts';
import { appearanceKeys } from './keys.ts';

export const appearanceQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: appearanceKeys.detail(userId), queryFn: () => getAppearance(client, userId), staleTime: 5 * 60_000 }),
};
