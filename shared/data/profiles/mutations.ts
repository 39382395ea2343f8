import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import type { ProfileRow } from '../types.ts';
import {
  confirmEmailChange,
  requestEmailChange,
  setEmailVisible,
  setNameVisible,
  setOutlineColor,
  setPublicSlug,
  setUsername,
} from './api.ts';
import { profileKeys } from './keys.ts';

/** Writes the returned row into the cache and refreshes anything profile-derived. */
const storeProfile = (queryClient: QueryClient) => (profile: ProfileRow) => {
  queryClient.setQueryData(profileKeys.detail(profile.user_id), profile);
  return queryClient.invalidateQueries({ queryKey: profileKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' });
};

export const profileMutations = {
  setEmailVisible: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'emailVisible'],
      mutationFn: (visible: boolean) => setEmailVisible(client, userId, visible),
      onSuccess: storeProfile(queryClient),
    }),
  setNameVisible: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'nameVisible'],
      mutationFn: (visible: boolean) => setNameVisible(client, userId, visible),
      onSuccess: storeProfile(queryClient),
    }),
  setOutlineColor: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'outlineColor'],
      mutationFn: (color: string) => setOutlineColor(client, userId, color),
      onSuccess: storeProfile(queryClient),
    }),
  setUsername: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'username'],
      mutationFn: (username: string) => setUsername(client, userId, username),
      onSuccess: storeProfile(queryClient),
    }),
  setPublicSlug: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'slug'],
      mutationFn: (params: { slug: string; currentSlug: string | null }) => setPublicSlug(client, userId, params.slug, params.currentSlug),
      onSuccess: storeProfile(queryClient),
    }),
  requestEmailChange: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'requestEmailChange'],
      mutationFn: (params: { newEmail: string; password: string }) => requestEmailChange(client, params.newEmail, params.password),
    }),
  confirmEmailChange: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...profileKeys.all, 'confirmEmailChange'],
      mutationFn: (code: string) => confirmEmailChange(client, code),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    }),
};
