import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listAiHistory } from './api.ts';
import { aiKeys } from './keys.ts';

export const aiQueries = {
  history: (client: DataClient, userId: string) => queryOptions({ queryKey: aiKeys.list(userId), queryFn: () => listAiHistory(client, userId) }),
};
