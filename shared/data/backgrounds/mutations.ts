import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import type { UploadFile } from '../storage.ts';
import type { UserBackgroundRow } from '../types.ts';
import { deleteBackground, selectBackground, uploadBackground } from './api.ts';
import { backgroundKeys, type BackgroundScope } from './keys.ts';

export const backgroundMutations = {
  upload: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...backgroundKeys.all, 'upload'],
      // An uploaded background is the one the user wants: it becomes the scope's current one at once.
      mutationFn: async (params: { file: UploadFile & Blob; scope: BackgroundScope }) => {
        const row = await uploadBackground(client, params.file, params.scope);
        return selectBackground(client, row.id, params.scope);
      },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: backgroundKeys.lists() }),
    }),
  select: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...backgroundKeys.all, 'select'],
      mutationFn: (params: { backgroundId: string; scope?: BackgroundScope }) =>
        selectBackground(client, params.backgroundId, params.scope),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: backgroundKeys.lists() }),
    }),
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...backgroundKeys.all, 'delete'],
      mutationFn: (background: Pick<UserBackgroundRow, 'id' | 'background_url'>) => deleteBackground(client, background),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: backgroundKeys.lists() }),
    }),
};
