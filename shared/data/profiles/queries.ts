import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getProfile, isSlugAvailable, isUsernameAvailable, latestUsernameChange } from './api.ts';
import { profileKeys } from './keys.ts';

export const profileQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: profileKeys.detail(userId), queryFn: () => getProfile(client, userId), staleTime: 60_000 }),
  usernameHistory: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: profileKeys.usernameHistory(userId), queryFn: () => latestUsernameChange(client, userId) }),
  usernameAvailable: (client: DataClient, username: string) =>
    queryOptions({
      queryKey: profileKeys.usernameAvailable(username),
      queryFn: () => isUsernameAvailable(client, username),
      staleTime: 10_000,
    }),
  slugAvailable: (client: DataClient, slug: string) =>
    queryOptions({ queryKey: profileKeys.slugAvailable(slug), queryFn: () => isSlugAvailable(client, slug), staleTime: 10_000 }),
};
