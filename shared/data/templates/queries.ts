import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getTemplate, listTemplateCategories, listTemplateLinks, listTemplateTree } from './api.ts';
import { templateKeys } from './keys.ts';

export const templateQueries = {
  list: (client: DataClient, parentId?: string) =>
    queryOptions({
      queryKey: templateKeys.list(parentId ? { parentId } : {}),
      queryFn: () => listTemplateCategories(client, parentId),
      staleTime: 5 * 60_000,
    }),
  tree: (client: DataClient) =>
    queryOptions({ queryKey: templateKeys.tree(), queryFn: () => listTemplateTree(client), staleTime: 5 * 60_000 }),
  detail: (client: DataClient, id: string) =>
    queryOptions({ queryKey: templateKeys.detail(id), queryFn: () => getTemplate(client, id), staleTime: 5 * 60_000 }),
  links: (client: DataClient, categoryId: string) =>
    queryOptions({ queryKey: templateKeys.links(categoryId), queryFn: () => listTemplateLinks(client, categoryId), staleTime: 5 * 60_000 }),
};
