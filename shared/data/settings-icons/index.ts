import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import type { UploadFile } from '../storage.ts';
import { chooseSettingsIcon, listSettingsIconFiles, listSettingsIcons, uploadSettingsIcon } from './api.ts';

export * from './api.ts';

const settingsIconKeys = {
  all: ['settings-icons'] as const,
  list: (slugs: readonly string[]) => [...settingsIconKeys.all, 'list', ...slugs] as const,
  files: (slug: string) => [...settingsIconKeys.all, 'files', slug] as const,
};

export const settingsIconQueries = {
  list: (client: DataClient, slugs: readonly string[]) =>
    queryOptions({ queryKey: settingsIconKeys.list(slugs), queryFn: () => listSettingsIcons(client, slugs), staleTime: 5 * 60_000 }),
  /** The Settings Icon Manager's list for one slug (latest first, limit 100). */
  files: (client: DataClient, slug: string) =>
    queryOptions({ queryKey: settingsIconKeys.files(slug), queryFn: () => listSettingsIconFiles(client, slug), staleTime: 60_000 }),
};

const refresh = (queryClient: QueryClient) => () => queryClient.invalidateQueries({ queryKey: settingsIconKeys.all });

export const settingsIconMutations = {
  upload: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...settingsIconKeys.all, 'upload'],
      mutationFn: (params: { slug: string; file: UploadFile & Blob }) => uploadSettingsIcon(client, params.slug, params.file),
      onSuccess: refresh(queryClient),
    }),
  choose: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...settingsIconKeys.all, 'choose'],
      mutationFn: (params: { slug: string; path: string }) => chooseSettingsIcon(client, params.slug, params.path),
      onSuccess: refresh(queryClient),
    }),
};
