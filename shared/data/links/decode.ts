/**
 * The link shapes the RPCs send as JSON, and their readers (json-reader.ts). The SQL side is
 * supabase/migrations (list_links, list_folder_links, save_link, copy_link);
 * tests/integration/data-rpc-json.test.ts reads what those functions really return on a migrated
 * database and checks that these readers give the same rows the REST API does.
 */
import { boolean, fail, nullable, number, object, oneOf, positional, string, type Reader } from '../json-reader.ts';
import type { LinkRow } from '../types.ts';

/**
 * What the grid needs (part 1 §7): no description, no template columns, for 10,000-link accounts.
 * list_links sends these values in this order, a link as an array (readLinkListValues below).
 */
export const LINK_LIST_COLUMNS =
  'id,title,url,icon_url,access_count,share_count,created_at,updated_at,category_id,second_category_id,favicon_url,preview_image_url';
export type LinkListItem = Pick<
  LinkRow,
  | 'id'
  | 'title'
  | 'url'
  | 'icon_url'
  | 'access_count'
  | 'share_count'
  | 'created_at'
  | 'updated_at'
  | 'category_id'
  | 'second_category_id'
  | 'favicon_url'
  | 'preview_image_url'
>;
/** Folder views also show descriptions (truncated to 120 characters). */
export const FOLDER_LINK_COLUMNS = `${LINK_LIST_COLUMNS},description` as const;
export type FolderLinkItem = LinkListItem & Pick<LinkRow, 'description'>;

/** How many values list_links sends per link; list_folder_links sends one more (description). */
export const LINK_LIST_VALUE_COUNT = 12;

const nullableString = nullable(string);

/**
 * One link of list_links: the array `json_build_array(id, title, url, icon_url, access_count,
 * share_count, created_at, updated_at, category_id, second_category_id, favicon_url,
 * preview_image_url)` (positions as in LINK_LIST_COLUMNS), read into named fields. A list of
 * 10,000 links is arrays of values rather than objects, so the keys are not sent 10,000 times.
 */
function readLinkListValues(values: readonly unknown[], at: string): LinkListItem {
  return {
    id: string(values[0], at, 'id'),
    title: string(values[1], at, 'title'),
    url: string(values[2], at, 'url'),
    icon_url: nullableString(values[3], at, 'icon_url'),
    access_count: number(values[4], at, 'access_count'),
    share_count: number(values[5], at, 'share_count'),
    created_at: string(values[6], at, 'created_at'),
    updated_at: string(values[7], at, 'updated_at'),
    category_id: nullableString(values[8], at, 'category_id'),
    second_category_id: nullableString(values[9], at, 'second_category_id'),
    favicon_url: nullableString(values[10], at, 'favicon_url'),
    preview_image_url: nullableString(values[11], at, 'preview_image_url'),
  };
}

function listOf<T>(value: unknown, fn: string, length: number, read: (values: readonly unknown[], at: string) => T): T[] {
  // A SQL json_agg over no rows is null; the functions coalesce it to [], null is read as [] all the same.
  if (value === null) return [];
  if (!Array.isArray(value)) return fail(fn, undefined, 'an array', value);
  const out: T[] = new Array<T>(value.length);
  for (let i = 0; i < value.length; i++) {
    const at = `${fn}[${i}]`;
    out[i] = read(positional(value[i], at, undefined, length), at);
  }
  return out;
}

/** list_links: the user's links (not templates), newest first. */
export function decodeLinkList(value: unknown): LinkListItem[] {
  return listOf(value, 'list_links', LINK_LIST_VALUE_COUNT, readLinkListValues);
}

/** list_folder_links: a folder's links, list_links's values then description. */
export function decodeFolderLinkList(value: unknown): FolderLinkItem[] {
  return listOf(value, 'list_folder_links', LINK_LIST_VALUE_COUNT + 1, (values, at) => ({
    ...readLinkListValues(values, at),
    description: nullableString(values[LINK_LIST_VALUE_COUNT], at, 'description'),
  }));
}

/** A whole links row, as `to_jsonb(link)` sends it. */
export const readLinkRow: Reader<LinkRow> = object<LinkRow>({
  id: string,
  user_id: nullableString,
  title: string,
  url: string,
  description: nullableString,
  category_id: nullableString,
  second_category_id: nullableString,
  icon_url: nullableString,
  access_count: number,
  share_count: number,
  created_at: string,
  updated_at: string,
  is_template: boolean,
  template_source_id: nullableString,
  ai_enhanced: boolean,
  favicon_url: nullableString,
  preview_image_url: nullableString,
  preview_description: nullableString,
  preview_fetched_at: nullableString,
  preview_site_name: nullableString,
});

/** save_link's outcomes: a new link, the edited one, or (Add Link) the link already saved with that URL. */
export const SAVE_LINK_OUTCOMES = ['inserted', 'updated', 'updated_existing'] as const;
export type SaveLinkOutcome = (typeof SAVE_LINK_OUTCOMES)[number];

export interface SaveLinkRpcResult {
  outcome: SaveLinkOutcome;
  link: LinkRow;
  /** True when the save made the new folder it was asked for. */
  category_created: boolean;
  /** The chosen (or new) folder, else 'Recently Saved Links'. */
  category_id: string;
}

const readSaveLinkResult = object<SaveLinkRpcResult>({
  outcome: oneOf(SAVE_LINK_OUTCOMES),
  link: readLinkRow,
  category_created: boolean,
  category_id: string,
});

/** save_link: `{outcome, link, category_created, category_id}`. */
export const decodeSaveLinkResult = (value: unknown): SaveLinkRpcResult => readSaveLinkResult(value, 'save_link');

/** copy_link's outcomes; 'exists' means nothing was written (the UI asks 'Replace existing link?'). */
export const COPY_LINK_OUTCOMES = ['inserted', 'moved', 'exists', 'replaced'] as const;
export type CopyLinkOutcome = (typeof COPY_LINK_OUTCOMES)[number];

export interface CopyLinkResult {
  outcome: CopyLinkOutcome;
  link: LinkRow;
}

const readCopyLinkResult = object<CopyLinkResult>({ outcome: oneOf(COPY_LINK_OUTCOMES), link: readLinkRow });

/** copy_link: `{outcome, link}`. */
export const decodeCopyLinkResult = (value: unknown): CopyLinkResult => readCopyLinkResult(value, 'copy_link');
