import { z } from 'zod';
import { BULK_LINKS_MAX, LINK_NOTE_MAX_LENGTH, TAGS_PER_LINK_MAX, normaliseTagName, tagNameProblem } from '../rules/tags.ts';

/** One tag name as typed: normalised (trimmed, single spaces), then checked by the tag rule. */
export const tagNameSchema = z
  .string('Enter a tag name.')
  .transform(normaliseTagName)
  .superRefine((name, ctx) => {
    const problem = tagNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A link's whole set of tags (set_link_tags replaces them). */
const tagNamesSchema = z.array(tagNameSchema).max(TAGS_PER_LINK_MAX, `A link can have at most ${TAGS_PER_LINK_MAX} tags.`);

export const setLinkTagsSchema = z.object({ linkId: z.uuid(), names: tagNamesSchema });
export type SetLinkTagsInput = z.input<typeof setLinkTagsSchema>;

export const renameTagSchema = z.object({ tagId: z.uuid(), name: tagNameSchema });
export type RenameTagInput = z.input<typeof renameTagSchema>;

export const mergeTagsSchema = z
  .object({ sourceIds: z.array(z.uuid()).min(1, 'Choose the tags to merge.'), targetId: z.uuid() })
  .refine((v) => v.sourceIds.some((id) => id !== v.targetId), { message: 'Choose another tag to merge into.', path: ['targetId'] });
export type MergeTagsInput = z.input<typeof mergeTagsSchema>;

export const tagIdsSchema = z.array(z.uuid()).min(1);

/** A link's private note ('' removes it). */
export const linkNoteSchema = z.object({
  linkId: z.uuid(),
  body: z.string().max(LINK_NOTE_MAX_LENGTH, `A note has at most ${LINK_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});
export type LinkNoteInput = z.input<typeof linkNoteSchema>;

/** What list_tags answers per tag. */
export const tagRowSchema = z.object({ id: z.uuid(), name: z.string(), link_count: z.number().int(), created_at: z.string() });
export type TagRow = z.infer<typeof tagRowSchema>;
export const tagRefSchema = z.object({ id: z.uuid(), name: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

export const mergeTagsResultSchema = z.object({ merged: z.number().int(), links: z.number().int(), added: z.number().int() });
export const deleteTagsResultSchema = z.object({ deleted: z.number().int(), ignored: z.number().int() });

// ── Bulk actions: at most BULK_LINKS_MAX links per call ──
const bulkIds = z
  .array(z.uuid())
  .min(1, 'Select at least one link.')
  .max(BULK_LINKS_MAX, `Select at most ${BULK_LINKS_MAX.toLocaleString('en-US')} links at a time.`);

export const bulkMoveSchema = z.object({ linkIds: bulkIds, folderId: z.uuid() });
export type BulkMoveInput = z.input<typeof bulkMoveSchema>;
export const bulkTagSchema = z
  .object({ linkIds: bulkIds, add: z.array(tagNameSchema).default([]), remove: z.array(tagNameSchema).default([]) })
  .refine((v) => v.add.length + v.remove.length > 0, { message: 'Choose tags to add or remove.', path: ['add'] });
export type BulkTagInput = z.input<typeof bulkTagSchema>;
export const bulkDeleteSchema = z.object({ linkIds: bulkIds });
export type BulkDeleteInput = z.input<typeof bulkDeleteSchema>;

export const bulkMoveResultSchema = z.object({ moved: z.number().int(), ignored: z.number().int() });
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;
export const bulkTagResultSchema = z.object({
  links: z.number().int(),
  ignored: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
});
export type BulkTagResult = z.infer<typeof bulkTagResultSchema>;
export const bulkDeleteResultSchema = z.object({ deleted: z.number().int(), ignored: z.number().int() });
export type BulkDeleteResult = z.infer<typeof bulkDeleteResultSchema>;
