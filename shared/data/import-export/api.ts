import { IMPORT_LINKS_PER_CALL, STORAGE_BUCKETS } from '../../constants.ts';
import type { ExportCollection, ExportFolder, ExportLink } from '../../rules/bookmark-export.ts';
import { batchBySize, type ImportPlan } from '../../rules/bookmark-import.ts';
import { effectiveCategoryId } from '../../rules/category-assignment.ts';
import { decodeImportIcon } from '../../rules/import-icons.ts';
import { LINK_QUOTA_CODE, LINK_QUOTA_MESSAGE } from '../../rules/link-limits.ts';
import type { DataClient } from '../client.ts';
import { DataError, toDataError, unwrap } from '../errors.ts';
import { readAllPages } from '../links/api.ts';
import { requireUserId } from '../session.ts';
import { uploadPublicFile } from '../storage.ts';
import type { LinkRow, Tables } from '../types.ts';
import { decodeImportFoldersResult, decodeImportLinksResult } from './decode.ts';
import { duplicateUrlKey } from '../../rules/duplicate-url.ts';
import { BULK_LINKS_MAX, tagKey } from '../../rules/tags.ts';
import { bulkTagLinks } from '../bulk/api.ts';
import { listLinkTagPairs, listTags } from '../tags/api.ts';

/**
 * Import and export. Writes go through two RPCs in batches (import_folders, import_links; security
 * invoker, so RLS decides every row); reads are paged (the REST layer caps rows per reply). Never
 * one request per bookmark: a 10,000-bookmark file must not be 10,000 round trips.
 */

/** Folders per import_folders call; links per import_links call (the server's limit), and bytes per call (REST limit is 1 MB). */
const IMPORT_BATCH = { folders: 500, links: IMPORT_LINKS_PER_CALL, bytes: 700 * 1024 } as const;

/** How long an import waits when the server paces it (429 from import_links) before it sends the batch again. */
const IMPORT_PACING_WAIT_MS = 5_000;

/** Every URL the user has saved (for the duplicate-URL rule), in pages. */
export async function listSavedUrls(client: DataClient, userId: string): Promise<string[]> {
  const rows = await readAllPages((from, to) =>
    client.from('links').select('url').eq('user_id', userId).eq('is_template', false).order('id', { ascending: true }).range(from, to),
  );
  return rows.map((r) => r.url);
}

export interface ImportProgress {
  phase: 'folders' | 'links';
  /** Links sent so far (inserted or skipped by the server) out of `total`. */
  done: number;
  total: number;
  inserted: number;
  foldersDone: number;
  foldersTotal: number;
  /** True while the server paces the import (it goes on by itself). */
  paused?: boolean;
}

export interface ImportResult {
  status: 'done' | 'cancelled' | 'failed';
  inserted: number;
  /** Links the server skipped: already saved (e.g. by a concurrent save) or refused by its URL check. */
  skippedByServer: number;
  /** Folders the links went into, found or created. */
  foldersUsed: number;
  /** Of foldersUsed: those this import created, and those that existed before it. */
  foldersUsedNew: number;
  foldersUsedExisting: number;
  foldersCreated: number;
  /** Icons inside the file stored (each once), and those dropped (not a small PNG/JPEG/GIF, or refused by storage). */
  iconsStored: number;
  iconsDropped: number;
  /** Links not sent because the import was cancelled or failed first. */
  notSent: number;
  /** Links the server refused because the account's link quota was reached (the import then stops). */
  overQuota: number;
  /** Links of the file given their tags, and links whose tags could not all be added (a link's or the account's tag limit). */
  tagged: number;
  tagFailures: number;
  error?: DataError;
}

/** import_links answered 429 (PT429): the minute budget is spent or another import call of the user runs. */
function isPaced(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'PT429';
}

/** Waits `ms`; false when the import was cancelled meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs an import plan: folders level by level (parents first, each level in batches), then links
 * in batches. Each batch is one transaction on the server, so a failure or Cancel stops between
 * batches: what was written stays (and is reported), and running the same import again resumes it
 * (folders are found, links already saved are skipped).
 */
export async function runImport(
  client: DataClient,
  plan: ImportPlan,
  options: { signal?: AbortSignal; onProgress?: (progress: ImportProgress) => void; pacingWaitMs?: number } = {},
): Promise<ImportResult> {
  await requireUserId(client);
  const { signal, onProgress } = options;
  const result: ImportResult = {
    status: 'done',
    inserted: 0,
    skippedByServer: 0,
    foldersUsed: 0,
    foldersUsedNew: 0,
    foldersUsedExisting: 0,
    foldersCreated: 0,
    iconsStored: 0,
    iconsDropped: 0,
    notSent: plan.links.length,
    overQuota: 0,
    tagged: 0,
    tagFailures: 0,
  };
  const progress: ImportProgress = {
    phase: 'folders',
    done: 0,
    total: plan.links.length,
    inserted: 0,
    foldersDone: 0,
    foldersTotal: plan.folders.length,
  };
  const report = () => onProgress?.({ ...progress });
  /** The id of each planned folder once found or created (plan.folders' order). */
  const folderIds: Array<string | undefined> = [];
  // The folders links actually went into (their own folder, or 'Recently Saved Links' for none).
  const destinations = new Set<string>();
  // Folders that existed before the import: the summary tells new ones from existing ones.
  let existingFolders: ReadonlySet<string> = new Set();
  const done = (status: ImportResult['status'], extra: Partial<ImportResult> = {}): ImportResult => {
    let fresh = 0;
    for (const id of destinations) if (id !== 'saved' && !existingFolders.has(id)) fresh += 1;
    return {
      ...result,
      foldersUsed: destinations.size,
      foldersUsedNew: fresh,
      foldersUsedExisting: destinations.size - fresh,
      status,
      ...extra,
    };
  };
  report();

  try {
    existingFolders = await listFolderIds(client);
    // The folders of each depth, in one pass (a parent is always planned before its children).
    const levels: number[][] = [];
    plan.folders.forEach((folder, index) => (levels[folder.depth - 1] ??= []).push(index));
    for (const level of levels) {
      for (let i = 0; i < level.length; i += IMPORT_BATCH.folders) {
        if (signal?.aborted) return done('cancelled');
        const slice = level.slice(i, i + IMPORT_BATCH.folders);
        const payload = slice.map((index) => {
          const { name, parent } = plan.folders[index];
          return { name, parent_id: parent === null ? null : (folderIds[parent] ?? null) };
        });
        const data = decodeImportFoldersResult(unwrap(await client.rpc('import_folders', { folders: payload })));
        slice.forEach((planned, index) => {
          const id = data.ids[index];
          if (id) folderIds[planned] = id;
        });
        result.foldersCreated += data.created;
        progress.foldersDone += slice.length;
        report();
      }
    }
    await setImportedFolderIcons(client, plan, folderIds);
    const iconUrls = await storeImportIcons(client, plan.icons, signal);
    result.iconsStored = iconUrls.filter(Boolean).length;
    result.iconsDropped = plan.icons.length - result.iconsStored;
    progress.phase = 'links';
    report();
    const rows = plan.links.map((l) => ({
      title: l.title,
      url: l.url,
      description: l.description,
      folder_id: l.folder === null ? null : (folderIds[l.folder] ?? null),
      created_at: l.created_at,
      icon_url: (l.icon_data === null ? null : iconUrls[l.icon_data]) ?? l.icon_url,
      access_count: l.access_count,
    }));
    for (const batch of batchBySize(rows, IMPORT_BATCH.links, IMPORT_BATCH.bytes)) {
      if (signal?.aborted) return done('cancelled');
      let answer = await client.rpc('import_links', { links: batch });
      // The server paces imports (a minute budget, one call per user at a time): wait, then send again.
      while (isPaced(answer.error)) {
        progress.paused = true;
        report();
        if (!(await pause(options.pacingWaitMs ?? IMPORT_PACING_WAIT_MS, signal))) {
          return done('cancelled');
        }
        answer = await client.rpc('import_links', { links: batch });
      }
      progress.paused = false;
      const data = decodeImportLinksResult(unwrap(answer));
      for (const row of batch) destinations.add(row.folder_id ?? 'saved');
      result.inserted += data.inserted;
      result.skippedByServer += data.skipped;
      result.notSent -= batch.length;
      progress.done += batch.length;
      progress.inserted = result.inserted;
      report();
      if (data.over_quota > 0) {
        result.overQuota = data.over_quota;
        Object.assign(result, await applyImportTags(client, plan));
        return done('failed', { error: new DataError(LINK_QUOTA_MESSAGE, { code: LINK_QUOTA_CODE, status: 403, source: 'database' }) });
      }
    }
    if (signal?.aborted) return done('cancelled');
    Object.assign(result, await applyImportTags(client, plan));
    return done('done');
  } catch (error) {
    return done('failed', { error: toDataError(error) });
  }
}

/**
 * Gives the imported links the tags of the file: the links are found by URL (the duplicate-URL
 * rule, as the import matched them), then one bulk_tag_links call per tag with all its links (tags
 * created when missing; each call is atomic). A call refused by a limit (30 tags on a link, 2,000
 * in an account) is counted, and the others still run.
 */
async function applyImportTags(client: DataClient, plan: ImportPlan): Promise<{ tagged: number; tagFailures: number }> {
  const withTags = plan.links.filter((link) => link.tags.length > 0);
  if (!withTags.length) return { tagged: 0, tagFailures: 0 };
  const userId = await requireUserId(client);
  const rows = await readAllPages<{ id: string; url: string }>((from, to) =>
    client.from('links').select('id,url').eq('user_id', userId).eq('is_template', false).order('id', { ascending: true }).range(from, to),
  );
  const idByKey = new Map(rows.map((row) => [duplicateUrlKey(row.url), row.id]));
  const byTag = new Map<string, { name: string; ids: string[] }>();
  const tagged = new Set<string>();
  for (const link of withTags) {
    const id = idByKey.get(duplicateUrlKey(link.url));
    if (!id) continue;
    tagged.add(id);
    for (const name of link.tags) {
      const entry = byTag.get(tagKey(name));
      if (entry) entry.ids.push(id);
      else byTag.set(tagKey(name), { name, ids: [id] });
    }
  }
  const failed = new Set<string>();
  for (const { name, ids } of byTag.values()) {
    for (let i = 0; i < ids.length; i += BULK_LINKS_MAX) {
      const chunk = ids.slice(i, i + BULK_LINKS_MAX);
      try {
        await bulkTagLinks(client, { linkIds: chunk, add: [name] });
      } catch {
        for (const id of chunk) failed.add(id);
      }
    }
  }
  return { tagged: tagged.size - failed.size, tagFailures: failed.size };
}

/** The ids of the user's folders (templates excluded), in pages. */
async function listFolderIds(client: DataClient): Promise<Set<string>> {
  const userId = await requireUserId(client);
  const rows = await readAllPages<{ id: string }>((from, to) =>
    client.from('categories').select('id').eq('user_id', userId).eq('is_template', false).order('id', { ascending: true }).range(from, to),
  );
  return new Set(rows.map((r) => r.id));
}

/** Icons stored at once (the storage layer sniffs and checks each one again). */
const ICON_UPLOADS_AT_ONCE = 4;

/**
 * Stores the file's icons (each distinct one once) as uploads of the user's link icons, and answers
 * their public URLs by the plan's icon index (undefined for an icon dropped: not a small PNG, JPEG
 * or GIF, or refused by storage; its links are imported without it).
 */
async function storeImportIcons(
  client: DataClient,
  icons: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Array<string | undefined>> {
  const urls = Array.from<string | undefined>({ length: icons.length });
  if (!icons.length) return urls;
  const userId = await requireUserId(client);
  let next = 0;
  const worker = async () => {
    while (next < icons.length && !signal?.aborted) {
      const index = next++;
      const decoded = decodeImportIcon(icons[index]);
      if (!decoded) continue;
      const blob = new Blob([decoded.bytes], { type: decoded.type });
      try {
        urls[index] = (await uploadPublicFile(client, STORAGE_BUCKETS.linkIcons, userId, blob, 'icon')).publicUrl;
      } catch {
        // Refused by storage (its own sniffing and limits): the links keep no icon.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ICON_UPLOADS_AT_ONCE, icons.length) }, worker));
  return urls;
}

/** Folder icons from the file (our JSON export), set on folders that have none; the server keeps only its own storage's. */
async function setImportedFolderIcons(client: DataClient, plan: ImportPlan, folderIds: ReadonlyArray<string | undefined>): Promise<void> {
  const items = plan.folders.flatMap((folder, index) =>
    folder.icon_url && folderIds[index] ? [{ id: folderIds[index], icon_url: folder.icon_url }] : [],
  );
  for (let i = 0; i < items.length; i += IMPORT_BATCH.folders) {
    unwrap(await client.rpc('import_folder_icons', { items: items.slice(i, i + IMPORT_BATCH.folders) }));
  }
}

const FOLDER_COLUMNS = 'id,name,parent_category_id,created_at,icon_url';
const LINK_COLUMNS = 'id,title,url,description,category_id,second_category_id,created_at,updated_at,access_count,share_count,icon_url';

type FolderRow = Pick<Tables<'categories'>, 'id' | 'name' | 'parent_category_id' | 'created_at' | 'icon_url'>;
type ExportLinkRow = Pick<
  LinkRow,
  | 'id'
  | 'title'
  | 'url'
  | 'description'
  | 'category_id'
  | 'second_category_id'
  | 'created_at'
  | 'updated_at'
  | 'access_count'
  | 'share_count'
  | 'icon_url'
>;

/** All of the user's folders and links (templates excluded), read in pages, oldest first. */
export async function loadExportCollection(client: DataClient): Promise<ExportCollection> {
  const userId = await requireUserId(client);
  const [folderRows, linkRows, tagRows, pairs] = await Promise.all([
    readAllPages<FolderRow>((from, to) =>
      client
        .from('categories')
        .select(FOLDER_COLUMNS)
        .eq('user_id', userId)
        .eq('is_template', false)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, to),
    ),
    readAllPages<ExportLinkRow>((from, to) =>
      client
        .from('links')
        .select(LINK_COLUMNS)
        .eq('user_id', userId)
        .eq('is_template', false)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, to),
    ),
    listTags(client),
    listLinkTagPairs(client, userId),
  ]);
  // Each link's tag names, sorted, from two reads for the whole collection.
  const tagName = new Map(tagRows.map((t) => [t.id, t.name]));
  const tagsByLink = new Map<string, string[]>();
  for (const { link_id, tag_id } of pairs) {
    const name = tagName.get(tag_id);
    if (!name) continue;
    const list = tagsByLink.get(link_id);
    if (list) list.push(name);
    else tagsByLink.set(link_id, [name]);
  }
  const folders: ExportFolder[] = folderRows.map((f) => ({
    id: f.id,
    name: f.name,
    parent_id: f.parent_category_id,
    created_at: f.created_at,
    icon_url: f.icon_url,
  }));
  const links: ExportLink[] = linkRows.map((l) => ({
    title: l.title,
    url: l.url,
    description: l.description,
    folder_id: effectiveCategoryId(l),
    created_at: l.created_at,
    updated_at: l.updated_at,
    access_count: l.access_count,
    share_count: l.share_count,
    icon_url: l.icon_url,
    tags: (tagsByLink.get(l.id) ?? []).sort((a, b) => a.localeCompare(b)),
  }));
  return { folders, links };
}
