import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { BlockSenderInput } from '../../schemas/block-sender.ts';
import type { DataClient } from '../client.ts';
import { blockSender, unblockSender } from './api.ts';
import { blockedKeys } from './keys.ts';

export const blockedMutations = {
  block: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...blockedKeys.all, 'block'],
      mutationFn: (input: BlockSenderInput) => blockSender(client, userId, input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedKeys.lists() }),
    }),
  unblock: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...blockedKeys.all, 'unblock'],
      mutationFn: (id: string) => unblockSender(client, id),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedKeys.lists() }),
    }),
};
