import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { tagKeys } from './keys.ts';
import { getLinkNote, listLinkTagPairs, listTags } from './reads.ts';

export const tagQueries = {
  /** Every tag with its link count (the Tags page, the tag input's suggestions). */
  list: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: tagKeys.list(userId), queryFn: () => listTags(client), staleTime: 30_000 }),
  /** (link, tag) pairs: a loaded list's chips, without a query per card. */
  pairs: (client: DataClient, userId: string) =>
    queryOptions({
      queryKey: tagKeys.pairs(userId),
      queryFn: () => listLinkTagPairs(client, userId),
      staleTime: 30_000,
    }),
  note: (client: DataClient, linkId: string) =>
    queryOptions({ queryKey: tagKeys.note(linkId), queryFn: () => getLinkNote(client, linkId) }),
};
