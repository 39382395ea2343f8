import type { TagRow } from '../../schemas/tag.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { readAllPages } from '../links/api.ts';

/**
 * The reads behind every list's tag chips and the tag input, without zod: the dashboard reads
 * them on load, and zod is not part of its first load. The answers are typed by the generated
 * database types; rows without an id or a name are dropped.
 */

/** Every tag of the signed-in user with its number of links, by name. */
export async function listTags(client: DataClient): Promise<TagRow[]> {
  const rows = unwrap(await client.rpc('list_tags')) ?? [];
  return rows
    .filter((r) => typeof r.id === 'string' && typeof r.name === 'string')
    .map((r) => ({ id: r.id, name: r.name, link_count: Number(r.link_count) || 0, created_at: String(r.created_at) }));
}

/** Every (link, tag) pair of the user, in pages: the chips of a loaded list map link ids to tag ids. */
export async function listLinkTagPairs(client: DataClient, userId: string): Promise<Array<{ link_id: string; tag_id: string }>> {
  return readAllPages((from, to) =>
    client.from('link_tags').select('link_id, tag_id').eq('user_id', userId).order('link_id').order('tag_id').range(from, to),
  );
}

/** A link's private note ('' when it has none). */
export async function getLinkNote(client: DataClient, linkId: string): Promise<string> {
  const row = unwrap(await client.from('link_notes').select('body').eq('link_id', linkId).maybeSingle());
  return row?.body ?? '';
}
