import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { PageVisibility } from '../../constants.ts';
import type { DataClient } from '../client.ts';
import { studioKeys } from '../studio/keys.ts';
import { setPagePublished, setPageVisibility } from './api.ts';
import { privacyKeys } from './keys.ts';

export const privacyMutations = {
  setVisibility: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...privacyKeys.all, 'visibility'],
      mutationFn: (visibility: PageVisibility) => setPageVisibility(client, userId, visibility),
      onSuccess: (row) => {
        queryClient.setQueryData(privacyKeys.detail(userId), row);
        return queryClient.invalidateQueries({ queryKey: studioKeys.publicPages() });
      },
    }),
  setPublished: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...privacyKeys.all, 'published'],
      mutationFn: (published: boolean) => setPagePublished(client, userId, published),
      onSuccess: (row) => {
        queryClient.setQueryData(privacyKeys.detail(userId), row);
        return queryClient.invalidateQueries({ queryKey: studioKeys.publicPages() });
      },
    }),
};
