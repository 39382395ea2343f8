import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { RenameTagInput, MergeTagsInput } from '../../schemas/tag.ts';
import type { DataClient } from '../client.ts';
import { searchKeys } from '../search/queries.ts';
import { deleteTags, mergeTags, renameTag } from './api.ts';
import { tagKeys } from './keys.ts';

/** Tag changes refresh every tag read (counts, chips) and search results (tags are searched). */
const refresh = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: tagKeys.all }), queryClient.invalidateQueries({ queryKey: searchKeys.all })]);

export const tagMutations = {
  rename: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagKeys.all, 'rename'],
      mutationFn: (input: RenameTagInput) => renameTag(client, input),
      onSuccess: () => refresh(queryClient),
    }),
  merge: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagKeys.all, 'merge'],
      mutationFn: (input: MergeTagsInput) => mergeTags(client, input),
      onSuccess: () => refresh(queryClient),
    }),
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...tagKeys.all, 'delete'],
      mutationFn: (ids: string[]) => deleteTags(client, ids),
      onSuccess: () => refresh(queryClient),
    }),
};
