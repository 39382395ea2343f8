import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import type { UploadFile } from '../storage.ts';
import { listSettingsIcons, uploadSettingsIcon } from './api.ts';

export * from './api.ts';

export const settingsIconKeys = {
  all: ['settings-icons'] as const,
  list: (slugs: readonly string[]) => [...settingsIconKeys.all, 'list', ...slugs] as const,
};

export const settingsIconQueries = {
  list: (client: DataClient, slugs: readonly string[]) =>
    queryOptions({ queryKey: settingsIconKeys.list(slugs), queryFn: () => listSettingsIcons(client, slugs), staleTime: 5 * 60_000 }),
};

export const settingsIconMutations = {
  upload: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...settingsIconKeys.all, 'upload'],
      mutationFn: (params: { slug: string; file: UploadFile & Blob }) => uploadSettingsIcon(client, params.slug, params.file),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsIconKeys.all }),
    }),
};
