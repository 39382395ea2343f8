import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { categoryKeys } from '../categories/keys.ts';
import { shareKeys } from '../shares/keys.ts';
import { copyLink, deleteLink, moveLink, recordLinkOpen, saveLink, type MoveLinkParams, type SaveLinkParams } from './api.ts';
import { linkKeys } from './keys.ts';
import { previewAfterSave } from './preview.ts';
import { removeListItem, toListItem, upsertListItem } from './cache.ts';
import type { LinkListItem } from './api.ts';

export const linkMutations = {
  /** Add/Edit Link. A new folder from '+ Create new category' also refreshes the folders. */
  save: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'save'],
      mutationFn: (params: SaveLinkParams) => saveLink(client, params),
      onSuccess: async (result) => {
        queryClient.setQueryData(linkKeys.detail(result.link.id), result.link);
        if (result.link.user_id) {
          const item = toListItem(result.link);
          queryClient.setQueryData<LinkListItem[]>(linkKeys.list({ userId: result.link.user_id }), (links) => links && upsertListItem(links, item));
        }
        // The patched list shows at once; re-reading every list runs in the background.
        void queryClient.invalidateQueries({ queryKey: linkKeys.lists() });
        // Issue 18: the preview (favicon, image) is fetched after the save, never before it.
        if (result.link.user_id && !result.link.is_template) previewAfterSave(client, queryClient, result.link.id);
        if (result.categoryCreated) await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      },
    }),
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...linkKeys.all, 'delete'],
      mutationFn: (id: string) => deleteLink(client, id),
      onSuccess: (_, id) => {
        queryClient.removeQueries({ queryKey: linkKeys.detail(id) });
        queryClient.setQueriesData<LinkListItem[]>({ queryKey: linkKeys.lists() }, (links) => links && removeListItem(links, id));
        // The patched lists show at once; re-reading them (and the shares) runs in the background.
        void queryClient.invalidateQueries({ queryKey: linkKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: shareKeys.all });
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
