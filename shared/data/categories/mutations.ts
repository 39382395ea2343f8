import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { linkKeys } from '../links/keys.ts';
import { createCategory, deleteCategory, moveCategory, updateCategory, uploadCategoryIcon, type CategoryDraft } from './api.ts';
import { categoryKeys } from './keys.ts';
import type { UploadFile } from '../storage.ts';

export const categoryMutations = {
  create: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...categoryKeys.all, 'create'],
      mutationFn: (draft: CategoryDraft) => createCategory(client, draft),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
    }),
  update: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...categoryKeys.all, 'update'],
      mutationFn: (params: { id: string; name?: string; iconUrl?: string | null }) => updateCategory(client, params.id, params),
      onSuccess: (category) => {
        queryClient.setQueryData(categoryKeys.detail(category.id), category);
        return queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
      },
    }),
  /** Moves a folder in the tree; its subfolders and links go with it. */
  move: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...categoryKeys.all, 'move'],
      mutationFn: (params: { id: string; parentId: string | null }) => moveCategory(client, params.id, params.parentId),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    }),
  /** Deleting a folder deletes its links too, so both lists refresh. */
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...categoryKeys.all, 'delete'],
      mutationFn: (id: string) => deleteCategory(client, id),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
          queryClient.invalidateQueries({ queryKey: linkKeys.all }),
        ]),
    }),
  uploadIcon: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...categoryKeys.all, 'uploadIcon'],
      mutationFn: (file: UploadFile & Blob) => uploadCategoryIcon(client, file),
    }),
};
