import { hashKey, mutationOptions, type QueryClient } from '@tanstack/react-query';
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
        const { link } = result;
        // The preview (favicon, image) is asked for first thing after the save, never before it.
        const preview = link.user_id && !link.is_template ? previewAfterSave(client, queryClient, link.id) : null;
        queryClient.setQueryData(linkKeys.detail(link.id), link);
        const patched = link.user_id ? linkKeys.list({ userId: link.user_id }) : null;
        if (patched) queryClient.setQueryData<LinkListItem[]>(patched, (links) => links && upsertListItem(links, toListItem(link)));
        if (preview && patched) {
          // The patched list shows at once and is re-read once the preview settled (applyPreviewToCache
          // re-reads after patching the favicon): one re-read instead of two, and none competing
          // with the preview for the server. Lists that were not patched are re-read now.
          const patchedHash = hashKey(patched);
          void queryClient.invalidateQueries({ queryKey: linkKeys.lists(), predicate: (q) => q.queryHash !== patchedHash });
          void preview.then((stored) => (stored ? undefined : queryClient.invalidateQueries({ queryKey: linkKeys.lists() })));
        } else {
          // The patched list shows at once; re-reading every list runs in the background.
          void queryClient.invalidateQueries({ queryKey: linkKeys.lists() });
        }
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
