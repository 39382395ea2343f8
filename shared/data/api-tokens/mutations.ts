import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiTokenScope } from '../../rules/api-tokens.ts';
import type { DataClient } from '../client.ts';
import { createApiToken, revokeApiToken } from './api.ts';
import { apiTokenKeys } from './keys.ts';

export const apiTokenMutations = {
  create: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...apiTokenKeys.all, 'create'],
      mutationFn: (input: { name: string; scope: ApiTokenScope }) => createApiToken(client, input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
    }),
  revoke: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...apiTokenKeys.all, 'revoke'],
      mutationFn: (id: string) => revokeApiToken(client, id),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.lists() }),
    }),
};
