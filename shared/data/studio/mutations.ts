import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { WebpageSettingsInput } from '../../schemas/webpage-settings.ts';
import type { DataClient } from '../client.ts';
import type { UploadFile } from '../storage.ts';
import {
  addPageMember,
  removePageMember,
  respondPageInvitation,
  removeStudioImages,
  saveWebpageSettings,
  uploadStudioImage,
  type StudioImageKind,
} from './api.ts';
import type { FeaturedItemInput } from '../../schemas/featured-items.ts';
import { saveFeaturedItems } from './featured.ts';
import { studioKeys } from './keys.ts';

export const studioMutations = {
  save: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'save'],
      mutationFn: (input: WebpageSettingsInput) => saveWebpageSettings(client, userId, input),
      onSuccess: (row) => {
        queryClient.setQueryData(studioKeys.detail(userId), row);
        return queryClient.invalidateQueries({ queryKey: studioKeys.publicPages() });
      },
    }),
  saveFeatured: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'saveFeatured'],
      mutationFn: (items: readonly FeaturedItemInput[]) => saveFeaturedItems(client, items),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.featured(userId) }),
    }),
  uploadImage: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'uploadImage'],
      mutationFn: (params: { kind: StudioImageKind; file: UploadFile & Blob }) => uploadStudioImage(client, params.kind, params.file),
    }),
  removeImages: (client: DataClient) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'removeImages'],
      mutationFn: (params: { kind: StudioImageKind; paths: readonly string[] }) => removeStudioImages(client, params.kind, params.paths),
    }),
  addMember: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'addMember'],
      mutationFn: (username: string) => addPageMember(client, username),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.members() }),
    }),
  removeMember: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'removeMember'],
      mutationFn: (id: string) => removePageMember(client, id),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.members() }),
    }),
  respondInvitation: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...studioKeys.all, 'respondInvitation'],
      mutationFn: (params: { id: string; accept: boolean }) => respondPageInvitation(client, params.id, params.accept),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.invitations() }),
    }),
};
