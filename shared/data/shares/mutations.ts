import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ShareFormInput } from '../../schemas/share.ts';
import type { DataClient } from '../client.ts';
import { linkKeys } from '../links/keys.ts';
import { shareLink, withdrawShare } from './api.ts';
import { shareKeys } from './keys.ts';

export const shareMutations = {
  /** A share bumps the link's share_count too, so the links refresh. */
  share: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...shareKeys.all, 'share'],
      mutationFn: (params: { linkId: string; form: ShareFormInput }) => shareLink(client, params),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: shareKeys.lists() }),
          queryClient.invalidateQueries({ queryKey: linkKeys.lists() }),
        ]),
    }),
  withdraw: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...shareKeys.all, 'withdraw'],
      mutationFn: (id: string) => withdrawShare(client, id),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.lists() }),
    }),
};
