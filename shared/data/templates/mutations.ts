import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { categoryKeys } from '../categories/keys.ts';
import type { Category } from '../categories/api.ts';
import { linkKeys } from '../links/keys.ts';
import {
  copyTemplateNamed,
  createTemplate,
  createTemplateLink,
  deleteTemplate,
  deleteTemplateLink,
  reorderTemplate,
  updateTemplate,
  updateTemplateLink,
  uploadTemplateIcon,
  type TemplateLinkInput,
} from './api.ts';
import type { UploadFile } from '../storage.ts';
import { templateKeys } from './keys.ts';

const refreshTemplates = (queryClient: QueryClient) => () => queryClient.invalidateQueries({ queryKey: templateKeys.all });

export const templateMutations = {
  /** The copy lands in the user's folders and links. */
  copy: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'copy'],
      mutationFn: (params: { templateCategoryId: string; targetUserId: string }) => copyTemplateNamed(client, params),
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
          queryClient.invalidateQueries({ queryKey: linkKeys.all }),
        ]),
    }),
  create: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'create'],
      mutationFn: (params: { name: string; displayOrder?: number; iconUrl?: string | null }) => createTemplate(client, params),
      onSuccess: refreshTemplates(queryClient),
    }),
  update: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'update'],
      mutationFn: (params: { id: string; name?: string; iconUrl?: string | null }) => updateTemplate(client, params.id, params),
      onSuccess: refreshTemplates(queryClient),
    }),
  /** Uploads under templates/{id}/ and sets it as the template's icon. */
  uploadIcon: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'upload-icon'],
      mutationFn: async (params: { id: string; file: UploadFile & Blob }) =>
        updateTemplate(client, params.id, { iconUrl: await uploadTemplateIcon(client, params.id, params.file) }),
      onSuccess: refreshTemplates(queryClient),
    }),
  createLink: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'create-link'],
      mutationFn: (params: { categoryId: string; input: TemplateLinkInput }) => createTemplateLink(client, params.categoryId, params.input),
      onSuccess: refreshTemplates(queryClient),
    }),
  updateLink: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'update-link'],
      mutationFn: (params: { id: string; input: TemplateLinkInput }) => updateTemplateLink(client, params.id, params.input),
      onSuccess: refreshTemplates(queryClient),
    }),
  deleteLink: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'delete-link'],
      mutationFn: (id: string) => deleteTemplateLink(client, id),
      onSuccess: refreshTemplates(queryClient),
    }),
  delete: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'delete'],
      mutationFn: (id: string) => deleteTemplate(client, id),
      onSuccess: refreshTemplates(queryClient),
    }),
  reorder: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...templateKeys.all, 'reorder'],
      mutationFn: (params: { templates: readonly Pick<Category, 'id' | 'display_order'>[]; id: string; direction: 'up' | 'down' }) =>
        reorderTemplate(client, params.templates, params.id, params.direction),
      onSuccess: refreshTemplates(queryClient),
    }),
};
