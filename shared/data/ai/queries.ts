import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { aiStatus, listAiHistory } from './api.ts';
import { aiKeys } from './keys.ts';

export const aiQueries = {
  /** Whether AI discovery is configured on the server (an OPENAI_API_KEY for ai-chat). */
  status: (client: DataClient) =>
    queryOptions({ queryKey: [...aiKeys.all, 'status'] as const, queryFn: () => aiStatus(client), staleTime: 5 * 60_000, retry: false }),
  history: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: aiKeys.list(userId), queryFn: () => listAiHistory(client, userId) }),
};
