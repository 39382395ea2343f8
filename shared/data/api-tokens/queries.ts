import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listApiTokens } from './api.ts';
import { apiTokenKeys } from './keys.ts';

export const apiTokenQueries = {
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: apiTokenKeys.list(userId), queryFn: () => listApiTokens(client, userId) }),
};
