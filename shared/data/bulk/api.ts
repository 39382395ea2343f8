import {
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  bulkMoveResultSchema,
  bulkMoveSchema,
  bulkTagResultSchema,
  bulkTagSchema,
  type BulkDeleteInput,
  type BulkDeleteResult,
  type BulkMoveInput,
  type BulkMoveResult,
  type BulkTagInput,
  type BulkTagResult,
} from '../../schemas/tag.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';
import { parseAnswer, parseInput } from '../parse.ts';

/**
 * Bulk actions on selected links: each is ONE server call, atomic (all or nothing), over at most
 * BULK_LINKS_MAX links (shared/rules/tags.ts). Ids that are not the caller's links are ignored
 * and counted in `ignored`, never touched.
 */

/** Moves links into a folder (primary/secondary rule as for one link). */
export async function bulkMoveLinks(client: DataClient, input: BulkMoveInput): Promise<BulkMoveResult> {
  const { linkIds, folderId } = parseInput(bulkMoveSchema, input);
  const data = unwrap(await client.rpc('bulk_move_links', { link_ids: linkIds, destination_category_id: folderId }));
  return parseAnswer(bulkMoveResultSchema, data, 'bulk_move_links');
}

/** Adds and removes tags on links (tags created when missing). */
export async function bulkTagLinks(client: DataClient, input: BulkTagInput): Promise<BulkTagResult> {
  const { linkIds, add, remove } = parseInput(bulkTagSchema, input);
  const data = unwrap(await client.rpc('bulk_tag_links', { link_ids: linkIds, add_tags: add, remove_tags: remove }));
  return parseAnswer(bulkTagResultSchema, data, 'bulk_tag_links');
}

/** Deletes links. */
export async function bulkDeleteLinks(client: DataClient, input: BulkDeleteInput): Promise<BulkDeleteResult> {
  const { linkIds } = parseInput(bulkDeleteSchema, input);
  const data = unwrap(await client.rpc('bulk_delete_links', { link_ids: linkIds }));
  return parseAnswer(bulkDeleteResultSchema, data, 'bulk_delete_links');
}
