import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getPublicPage, getWebpageSettings, listPageInvitations, listPageMembers } from './api.ts';
import { parseSearchQuery } from '../../rules/search-query.ts';
import { searchLinks } from '../search/api.ts';
import { listFeaturedItems } from './featured.ts';
import { studioKeys } from './keys.ts';

/** How many search results the featured-links picker lists. */
const FEATURED_SEARCH_LIMIT = 20;

export const studioQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: studioKeys.detail(userId), queryFn: () => getWebpageSettings(client, userId) }),
  publicPage: (client: DataClient, slug: string, viewerId: string | null) =>
    queryOptions({ queryKey: studioKeys.publicPage(slug, viewerId), queryFn: () => getPublicPage(client, slug), staleTime: 30_000 }),
  members: (client: DataClient) => queryOptions({ queryKey: studioKeys.members(), queryFn: () => listPageMembers(client) }),
  invitations: (client: DataClient) => queryOptions({ queryKey: studioKeys.invitations(), queryFn: () => listPageInvitations(client) }),
  featured: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: studioKeys.featured(userId), queryFn: () => listFeaturedItems(client, userId) }),
  /** The owner's links matching the picker's text (the search box's grammar), best first. */
  featuredSearch: (client: DataClient, userId: string, text: string) =>
    queryOptions({
      queryKey: studioKeys.featuredSearch(userId, text),
      queryFn: () => searchLinks(client, { ...parseSearchQuery(text), limit: FEATURED_SEARCH_LIMIT }),
      staleTime: 30_000,
    }),
};
