import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { IncomingMethod, IncomingSource } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { linkKeys } from '../links/keys.ts';
import { acceptIncomingShare, approveLink, rejectIncomingShare, saveSharedIn } from './api.ts';
import { incomingKeys } from './keys.ts';
import { previewAfterSave } from '../links/preview.ts';

/** Accept/reject/approve change both the inbox and the user's links. */
const refreshInboxAndLinks = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: incomingKeys.all }), queryClient.invalidateQueries({ queryKey: linkKeys.all })]);

export const incomingMutations = {
  accept: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...incomingKeys.all, 'accept'],
      mutationFn: (params: { sharedLinkId: string; destinationCategoryId: string }) => acceptIncomingShare(client, params),
      onSuccess: (result) => {
        // The accepted link (now the recipient's own) gets its preview in the background.
        void previewAfterSave(client, queryClient, result.link.id);
        return refreshInboxAndLinks(queryClient);
      },
    }),
  reject: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...incomingKeys.all, 'reject'],
      mutationFn: (sharedLinkId: string) => rejectIncomingShare(client, sharedLinkId),
      onSuccess: () => refreshInboxAndLinks(queryClient),
    }),
  approve: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...incomingKeys.all, 'approve'],
      mutationFn: (linkId: string) => approveLink(client, linkId),
      onSuccess: () => refreshInboxAndLinks(queryClient),
    }),
  saveSharedIn: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...incomingKeys.all, 'saveSharedIn'],
      mutationFn: (params: { url: string; source: IncomingSource; method: IncomingMethod }) => saveSharedIn(client, params),
      onSuccess: () => refreshInboxAndLinks(queryClient),
    }),
};
