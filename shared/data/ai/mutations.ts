import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { discoverLinks } from './api.ts';
import { aiKeys } from './keys.ts';

export const aiMutations = {
  discover: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...aiKeys.all, 'discover'],
      mutationFn: (params: { query: string; existing?: ReadonlyArray<{ title: string; url: string }> }) =>
        discoverLinks(client, params.query, params.existing),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: aiKeys.lists() }),
    }),
};
