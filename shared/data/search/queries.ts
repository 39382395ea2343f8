import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchQuery } from '../../rules/search-query.ts';
import type { SearchLinksParams } from '../../schemas/search.ts';
import type { DataClient } from '../client.ts';

export const searchKeys = {
  all: ['search'] as const,
  results: (userId: string, params: SearchLinksParams) => [...searchKeys.all, userId, params] as const,
};

/** search_links' params for a parsed query (the folder view passes its folder). */
export function searchParams(
  q: SearchQuery,
  options: { folderId?: string | null; limit?: number; offset?: number } = {},
): SearchLinksParams {
  return { ...q, folderId: options.folderId ?? null, limit: options.limit ?? 50, offset: options.offset ?? 0 };
}

export const searchQueries = {
  /**
   * One page of search_links; the previous answer stays shown while the next query runs. The call
   * (and zod, which checks it) loads with the first search, not with the dashboard.
   */
  results: (client: DataClient, userId: string, params: SearchLinksParams) =>
    queryOptions({
      queryKey: searchKeys.results(userId, params),
      queryFn: () => import('./api.ts').then((m) => m.searchLinks(client, params)),
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
};
