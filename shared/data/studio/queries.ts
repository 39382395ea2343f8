import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getPublicPage, getWebpageSettings, listPageMembers } from './api.ts';
import { studioKeys } from './keys.ts';

export const studioQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: studioKeys.detail(userId), queryFn: () => getWebpageSettings(client, userId) }),
  publicPage: (client: DataClient, slug: string, viewerId: string | null) =>
    queryOptions({ queryKey: studioKeys.publicPage(slug, viewerId), queryFn: () => getPublicPage(client, slug), staleTime: 30_000 }),
  members: (client: DataClient) => queryOptions({ queryKey: studioKeys.members(), queryFn: () => listPageMembers(client) }),
};
