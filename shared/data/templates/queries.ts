import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { listTemplateCategories, listTemplateLinks } from './api.ts';
import { templateKeys } from './keys.ts';

export const templateQueries = {
  list: (client: DataClient, parentId?: string) =>
    queryOptions({ queryKey: templateKeys.list(parentId ? { parentId } : {}), queryFn: () => listTemplateCategories(client, parentId), staleTime: 5 * 60_000 }),
  links: (client: DataClient, categoryId: string) =>
    queryOptions({ queryKey: templateKeys.links(categoryId), queryFn: () => listTemplateLinks(client, categoryId), staleTime: 5 * 60_000 }),
};
