import { z } from 'zod';
import {
  deleteTagsResultSchema,
  linkNoteSchema,
  mergeTagsResultSchema,
  mergeTagsSchema,
  renameTagSchema,
  setLinkTagsSchema,
  tagIdsSchema,
  tagRefSchema,
  type LinkNoteInput,
  type MergeTagsInput,
  type RenameTagInput,
  type SetLinkTagsInput,
  type TagRef,
} from '../../schemas/tag.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { parseAnswer, parseInput } from '../parse.ts';

export { getLinkNote, listLinkTagPairs, listTags } from './reads.ts';

/**
 * Tags and notes. Every write is one RPC (security invoker: RLS decides every row; the database
 * enforces the name rule and the limits of shared/rules/tags.ts whoever calls it).
 */

/** Replaces a link's tags (creating the missing ones); answers the link's tags. */
export async function setLinkTags(client: DataClient, input: SetLinkTagsInput): Promise<TagRef[]> {
  const { linkId, names } = parseInput(setLinkTagsSchema, input);
  const data = unwrap(await client.rpc('set_link_tags', { link_id: linkId, tag_names: names }));
  return parseAnswer(z.array(tagRefSchema), data, 'set_link_tags');
}

/** Renames a tag; another tag with the name is a 409 ('23505'): merge instead. */
export async function renameTag(client: DataClient, input: RenameTagInput): Promise<TagRef> {
  const { tagId, name } = parseInput(renameTagSchema, input);
  const rows = parseAnswer(z.array(tagRefSchema), unwrap(await client.rpc('rename_tag', { tag_id: tagId, new_name: name })), 'rename_tag');
  if (!rows[0]) throw clientError(CLIENT_ERROR_CODES.notFound, 'Tag not found.');
  return rows[0];
}

/** Moves the links of the source tags to the target tag and deletes the sources. */
export async function mergeTags(client: DataClient, input: MergeTagsInput) {
  const { sourceIds, targetId } = parseInput(mergeTagsSchema, input);
  const data = unwrap(await client.rpc('merge_tags', { source_tag_ids: sourceIds, target_tag_id: targetId }));
  return parseAnswer(mergeTagsResultSchema, data, 'merge_tags');
}

/** Deletes tags (their links stay); ids that are not the caller's are ignored and counted. */
export async function deleteTags(client: DataClient, tagIds: string[]) {
  const ids = parseInput(tagIdsSchema, tagIds);
  return parseAnswer(deleteTagsResultSchema, unwrap(await client.rpc('delete_tags', { tag_ids: ids })), 'delete_tags');
}

/** Writes a link's note; a blank note is deleted. */
export async function setLinkNote(client: DataClient, userId: string, input: LinkNoteInput): Promise<void> {
  const { linkId, body } = parseInput(linkNoteSchema, input);
  if (!body.trim()) {
    unwrap(await client.from('link_notes').delete().eq('link_id', linkId));
    return;
  }
  unwrap(
    await client
      .from('link_notes')
      .upsert({ link_id: linkId, user_id: userId, body, updated_at: new Date().toISOString() }, { onConflict: 'link_id' }),
  );
}
