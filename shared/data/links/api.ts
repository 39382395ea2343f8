import { LINK_LIST_MAX_ROWS, NEW_CATEGORY_OPTION, STORAGE_BUCKETS } from '../../constants.ts';
import { findDuplicateLink } from '../../rules/duplicate-url.ts';
import { planReorder, type ReorderDirection } from '../../rules/reorder.ts';
import { normalizeUrl } from '../../rules/url.ts';
import type { LinkInput } from '../../schemas/link.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { listFolderLinksCall, listLinksCall } from '../list-calls.ts';
import { requireUserId } from '../session.ts';
import { uploadPublicFile, type UploadFile } from '../storage.ts';
import type { LinkRow } from '../types.ts';
import {
  decodeCopyLinkResult,
  decodeFolderLinkList,
  decodeLinkList,
  decodeSaveLinkResult,
  type CopyLinkResult,
  type FolderLinkItem,
  type LinkListItem,
  type SaveLinkOutcome,
} from './decode.ts';

export { FOLDER_FIRST_SCREEN } from '../list-calls.ts';
export {
  FOLDER_LINK_COLUMNS,
  LINK_LIST_COLUMNS,
  type CopyLinkResult,
  type FolderLinkItem,
  type LinkListItem,
  type SaveLinkOutcome,
} from './decode.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgREST servers cap rows per response (hosted default 1000); lists are read in pages of this size. */
export const LIST_PAGE_SIZE = 1000;

/**
 * Reads every page of a range-able query; `page(from, to)` must apply a stable order. With `count`
 * (the number of rows, asked with the first page), the other pages are read in parallel: 10,000
 * links are two round trips instead of ten sequential ones.
 */
export async function readAllPages<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
  count?: () => PromiseLike<{ count: number | null; error: unknown }>,
): Promise<T[]> {
  if (count) {
    const [first, total] = await Promise.all([page(0, LIST_PAGE_SIZE - 1), count()]);
    const firstRows = unwrap(first) ?? [];
    if (firstRows.length < LIST_PAGE_SIZE) return firstRows;
    // No count (an error there is not fatal): read on page by page.
    if (total.error || total.count === null) return firstRows.concat(await readAllPagesFrom(page, LIST_PAGE_SIZE));
    const starts: number[] = [];
    // Up to and including offset `count`: when the count is a multiple of the page size, the page
    // after the last full one (normally empty) is read in the same parallel batch, not after it.
    for (let from = LIST_PAGE_SIZE; from <= total.count; from += LIST_PAGE_SIZE) starts.push(from);
    const pages = (await Promise.all(starts.map((from) => page(from, from + LIST_PAGE_SIZE - 1)))).map((p) => unwrap(p) ?? []);
    const rows = firstRows.concat(...pages);
    // Rows added after the count: the last page came back full, so read on from where the pages ended.
    const last = pages.length ? pages[pages.length - 1] : firstRows;
    if (last.length < LIST_PAGE_SIZE) return rows;
    return rows.concat(await readAllPagesFrom(page, LIST_PAGE_SIZE * (starts.length + 1)));
  }
  return readAllPagesFrom(page, 0);
}

async function readAllPagesFrom<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
  start: number,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = start; ; from += LIST_PAGE_SIZE) {
    const data = unwrap(await page(from, from + LIST_PAGE_SIZE - 1)) ?? [];
    rows.push(...data);
    if (data.length < LIST_PAGE_SIZE) return rows;
  }
}

/** A list RPC's 413: the list is larger than one answer may be (LINK_LIST_MAX_ROWS / _BYTES), so it is read in pages. */
function isListTooLarge(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'PT413';
}

/** Where the next page starts: after the previous page's last row (created_at, id). */
interface ListKeyset {
  p_after_created_at: string;
  p_after_id: string;
}

/**
 * Reads a list RPC page by page (newest first, keyset after the last row), LINK_LIST_MAX_ROWS a
 * page; a page whose values are too many bytes is asked again half as large.
 */
async function readListPages<T extends { id: string; created_at: string }>(
  page: (limit: number, after: ListKeyset | null) => PromiseLike<{ data: unknown; error: unknown }>,
  decode: (value: unknown) => T[],
): Promise<T[]> {
  const items: T[] = [];
  let limit = LINK_LIST_MAX_ROWS;
  let after: ListKeyset | null = null;
  for (;;) {
    const result = await page(limit, after);
    if (isListTooLarge(result.error) && limit > 1) {
      limit = Math.max(1, Math.floor(limit / 2));
      continue;
    }
    const data = decode(unwrap(result));
    items.push(...data);
    if (data.length < limit) return items;
    const last = data[data.length - 1];
    after = { p_after_created_at: last.created_at, p_after_id: last.id };
  }
}

/**
 * The user's links (not templates), newest first. One RPC returns the whole list in one answer, each
 * link as an array of its values (decode.ts), so a 10,000-link account is one call of a few hundred
 * KB instead of a count and ten pages of keyed rows. A larger list is refused by the server before
 * it builds anything (413) and then read in pages.
 */
export async function listLinks(client: DataClient, userId: string): Promise<LinkListItem[]> {
  const call = listLinksCall(userId);
  const first = await client.rpc(call.fn, call.args);
  if (isListTooLarge(first.error)) {
    return readListPages((limit, after) => client.rpc('list_links', { p_user_id: userId, p_limit: limit, ...after }), decodeLinkList);
  }
  return decodeLinkList(unwrap(first));
}

/**
 * A folder's links: category_id or second_category_id is the folder, newest first, in one call.
 * With `limit`, only the newest `limit` links (FOLDER_FIRST_SCREEN for a first screen).
 */
export async function listFolderLinks(client: DataClient, userId: string, categoryId: string, limit?: number): Promise<FolderLinkItem[]> {
  // A malformed id would be a 400 from Postgres; say what is wrong instead.
  if (!UUID.test(categoryId)) throw clientError(CLIENT_ERROR_CODES.invalidInput, 'Invalid folder id');
  const call = listFolderLinksCall(userId, categoryId, limit);
  const first = await client.rpc(call.fn, call.args);
  if (limit === undefined && isListTooLarge(first.error)) {
    return readListPages(
      (pageLimit, after) => client.rpc('list_folder_links', { p_user_id: userId, p_category_id: categoryId, p_limit: pageLimit, ...after }),
      decodeFolderLinkList,
    );
  }
  return decodeFolderLinkList(unwrap(first));
}

export async function getLink(client: DataClient, id: string): Promise<LinkRow | null> {
  return unwrap(await client.from('links').select('*').eq('id', id).maybeSingle());
}

/** Escapes LIKE wildcards so a host is matched literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The user's saved link that is "the same link" as `url` under the shared duplicate-URL rule
 * (shared/rules/duplicate-url.ts). Only links on the same host are fetched, so this stays one
 * small query even for a 10,000-link account.
 */
export async function findDuplicate(
  client: DataClient,
  userId: string,
  url: string,
): Promise<Pick<LinkRow, 'id' | 'url' | 'title' | 'category_id' | 'second_category_id'> | null> {
  const normalized = normalizeUrl(url);
  if (!normalized) return null;
  const host = new URL(normalized).host;
  const rows = unwrap(
    await client
      .from('links')
      .select('id,url,title,category_id,second_category_id')
      .eq('user_id', userId)
      .eq('is_template', false)
      .ilike('url', `%//${likeLiteral(host)}%`)
      .order('created_at', { ascending: false })
      .limit(500),
  );
  return findDuplicateLink(rows, normalized) ?? null;
}

export interface SaveLinkResult {
  outcome: SaveLinkOutcome;
  link: LinkRow;
  /** True when '+ Create new category' made a new folder. */
  categoryCreated: boolean;
  categoryId: string;
}

export interface SaveLinkParams {
  input: LinkInput;
  /** The link being edited (Edit Link); omitted for Add Link. */
  linkId?: string;
  /** An icon chosen in the form: uploaded to link-icons/{userId}/{timestamp}.{ext} first. */
  icon?: (UploadFile & Blob) | null;
  /**
   * Links the caller already has in memory (the grid). When given, the duplicate check runs
   * on them instead of a query; otherwise {@link findDuplicate} asks the server.
   */
  knownLinks?: ReadonlyArray<Pick<LinkRow, 'id' | 'url'>>;
}

/**
 * Add/Edit Link in one round trip (RPC save_link): https:// added, http(s) only, primary
 * category 'Recently Saved Links' and the chosen folder as secondary, a new folder created
 * when asked, and an add whose URL is already saved updates that link ('updated_existing').
 */
export async function saveLink(client: DataClient, params: SaveLinkParams): Promise<SaveLinkResult> {
  const userId = await requireUserId(client);
  const url = normalizeUrl(params.input.url);
  if (!url) throw clientError(CLIENT_ERROR_CODES.invalidUrl, 'Please enter a valid URL');

  let existingId = params.linkId ?? null;
  if (!existingId) {
    const duplicate = params.knownLinks ? findDuplicateLink(params.knownLinks, url) : await findDuplicate(client, userId, url);
    existingId = duplicate?.id ?? null;
  }
  const iconUrl = params.icon ? (await uploadPublicFile(client, STORAGE_BUCKETS.linkIcons, userId, params.icon, 'icon')).publicUrl : null;
  const creating = params.input.categoryId === NEW_CATEGORY_OPTION;

  const result = decodeSaveLinkResult(
    unwrap(
      await client.rpc('save_link', {
        link_title: params.input.title,
        link_url: url,
        link_description: params.input.description?.trim() || null,
        chosen_category_id: creating ? null : params.input.categoryId || null,
        new_category_name: creating ? params.input.newCategory?.trim() || null : null,
        link_icon_url: iconUrl,
        existing_link_id: existingId,
      }),
    ),
  );
  const outcome: SaveLinkOutcome = !params.linkId && existingId ? 'updated_existing' : result.outcome;
  return { outcome, link: result.link, categoryCreated: result.category_created, categoryId: result.category_id };
}

/** Deletes one of the user's links; refused or missing rows are an error, not a silent success. */
export async function deleteLink(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('links').delete().eq('id', id).select('id'));
  if (!rows || rows.length === 0) throw clientError(CLIENT_ERROR_CODES.notFound, 'Link not found.');
}

/**
 * Opening a link: access_count + 1 first (RPC increment_link_access), then the caller opens the
 * URL (same page or a new window). Returns the new count (null if the link is not countable).
 */
export async function recordLinkOpen(client: DataClient, id: string): Promise<number | null> {
  return unwrap(await client.rpc('increment_link_access', { link_id: id }));
}

export interface MoveLinkParams {
  /** The list as displayed (newest first): the whole grid, or one folder's links. */
  items: ReadonlyArray<{ id: string; created_at: string }>;
  id: string;
  direction: ReorderDirection;
  /** Row width for up/down (shared/rules/grid-columns.ts). */
  columns?: number;
  /** Beginning/End are relative to this folder's links; omitted = all the user's links. */
  withinCategoryId?: string | null;
}

/**
 * Reorders with the shared reorder rule: left/right swap with the neighbour, up/down with the
 * link one row away, Beginning/End ±60 s. Returns the changed rows ([] when the move is impossible).
 */
export async function moveLink(client: DataClient, params: MoveLinkParams): Promise<LinkRow[]> {
  const columns = params.direction === 'up' || params.direction === 'down' ? (params.columns ?? 1) : 1;
  const plan = planReorder(params.items, params.id, params.direction, columns);
  if (!plan) return [];
  let otherId: string | null = null;
  if (params.direction !== 'beginning' && params.direction !== 'end') {
    const index = params.items.findIndex((item) => item.id === params.id);
    const step = params.direction === 'left' ? -1 : params.direction === 'right' ? 1 : params.direction === 'up' ? -columns : columns;
    otherId = params.items[index + step]?.id ?? null;
    if (!otherId) return [];
  }
  return unwrap(
    await client.rpc('move_link', {
      link_id: params.id,
      direction: params.direction,
      other_link_id: otherId,
      within_category_id: params.withinCategoryId ?? null,
    }),
  );
}

/**
 * Copy a link into one of the user's folders (part 2 §4): 'exists' means the same URL is already
 * in that folder and the UI should ask 'Replace existing link?' (then call again with replace).
 */
export async function copyLink(
  client: DataClient,
  params: { sourceLinkId: string; destinationCategoryId: string; replaceExisting?: boolean },
): Promise<CopyLinkResult> {
  return decodeCopyLinkResult(
    unwrap(
      await client.rpc('copy_link', {
        source_link_id: params.sourceLinkId,
        destination_category_id: params.destinationCategoryId,
        replace_existing: params.replaceExisting ?? false,
      }),
    ),
  );
}
