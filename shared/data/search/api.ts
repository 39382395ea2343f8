import { searchLinksParamsSchema, searchLinksResultSchema, type SearchLinksParams, type SearchLinksResult } from '../../schemas/search.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { parseAnswer, parseInput } from '../parse.ts';

/** A day (YYYY-MM-DD) as the instant its local midnight starts: `before:`/`after:` mean the user's days. */
function localDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toISOString();
}

/**
 * Server search over all the user's links (or one folder): one RPC, Postgres full-text search
 * with prefixes, folded case and accents, ranked title and tags first, with a trigram retry for
 * typos (docs/search-and-tags.md).
 */
export async function searchLinks(client: DataClient, params: SearchLinksParams): Promise<SearchLinksResult> {
  const p = parseInput(searchLinksParamsSchema, params);
  const data = unwrap(
    await client.rpc('search_links', {
      words: p.words,
      phrases: p.phrases,
      not_words: p.notWords,
      tags: p.tags,
      not_tags: p.notTags,
      folders: p.folders,
      sites: p.sites,
      not_sites: p.notSites,
      ...(p.folderId ? { folder_id: p.folderId } : {}),
      ...(p.before ? { created_before: localDayStart(p.before) } : {}),
      ...(p.after ? { created_after: localDayStart(p.after) } : {}),
      ...(p.isShared !== null ? { is_shared: p.isShared } : {}),
      ...(p.isIncoming !== null ? { is_incoming: p.isIncoming } : {}),
      ...(p.hasNotes !== null ? { has_notes: p.hasNotes } : {}),
      page_limit: p.limit,
      page_offset: p.offset,
    }),
  );
  return parseAnswer(searchLinksResultSchema, data, 'search_links');
}
