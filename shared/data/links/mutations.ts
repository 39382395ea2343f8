import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { categoryKeys } from '../categories/keys.ts';
import { shareKeys } from '../shares/keys.ts';
import { copyLink, deleteLink, moveLink, recordLinkOpen, saveLink, type MoveLinkParams, type SaveLinkParams } from './api.ts';
import { linkKeys } from './keys.ts';

export const linkMutations = {
  /** Add/Edit Link. A new folder from '+ Create new category' also refreshes the folders. */
  save: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'save'],
      mutationFn: (params: SaveLinkParams) => saveLink(client, params),
      onSuccess: async (result) => {
        queryClient.setQueryData(linkKeys.detail(result.link.id), result.link);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: linkKeys.lists() }),
          result.categoryCreated ? queryClient.invalidateQueries({ queryKey: categoryKeys.all }) : null,
        ]);
      },
    }),
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'delete'],
      mutationFn: (id: string) => deleteLink(client, id),
      onSuccess: async (_, id) => {
        queryClient.removeQueries({ queryKey: linkKeys.detail(id) });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: linkKeys.lists() }),
          queryClient.invalidateQueries({ queryKey: shareKeys.all }),
        ]);
      },
    }),
  move: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'move'],
      mutationFn: (params: MoveLinkParams) => moveLink(client, params),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.lists() }),
    }),
  /** Counts the open (views) before the caller navigates. */
  open: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'open'],
      mutationFn: (id: string) => recordLinkOpen(client, id),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: linkKeys.lists() }),
    }),
  copy: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'copy'],
      mutationFn: (params: { sourceLinkId: string; destinationCategoryId: string; replaceExisting?: boolean }) => copyLink(client, params),
      onSuccess: (result) => (result.outcome === 'exists' ? undefined : queryClient.invalidateQueries({ queryKey: linkKeys.lists() })),
    }),
};
