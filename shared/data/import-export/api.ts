import type { ExportCollection, ExportFolder, ExportLink } from '../../rules/bookmark-export.ts';
import { batchBySize, folderKey, type ImportPlan } from '../../rules/bookmark-import.ts';
import { effectiveCategoryId } from '../../rules/category-assignment.ts';
import type { DataClient } from '../client.ts';
import { toDataError, unwrap, type DataError } from '../errors.ts';
import { readAllPages } from '../links/api.ts';
import { requireUserId } from '../session.ts';

/**
 * Import and export (issue 16). Writes go through two RPCs in batches (import_folders,
 * import_links; security invoker, so RLS decides every row); reads are paged (the REST layer caps
 * rows per reply). Never one request per bookmark.
 */

/** Folders per import_folders call; links per import_links call, and bytes per call (REST limit is 1 MB). */
export const IMPORT_BATCH = { folders: 500, links: 1000, bytes: 700 * 1024 } as const;

/** Every URL the user has saved (for the duplicate-URL rule), in pages. */
export async function listSavedUrls(client: DataClient, userId: string): Promise<string[]> {
  const rows = await readAllPages<{ url: string }>((from, to) =>
    client
      .from('links')
      .select('url')
      .eq('user_id', userId)
      .eq('is_template', false)
      .order('id', { ascending: true })
      .range(from, to)
      .returns<{ url: string }[]>(),
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
}

export interface ImportResult {
  status: 'done' | 'cancelled' | 'failed';
  inserted: number;
  /** Links the server skipped: already saved (e.g. by a concurrent save) or refused by its URL check. */
  skippedByServer: number;
  /** Folders the links went into, found or created. */
  foldersUsed: number;
  foldersCreated: number;
  /** Links not sent because the import was cancelled or failed first. */
  notSent: number;
  error?: DataError;
}

interface FolderRpcResult {
  ids: Array<string | null>;
  created: number;
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
  options: { signal?: AbortSignal; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportResult> {
  await requireUserId(client);
  const { signal, onProgress } = options;
  const result: ImportResult = {
    status: 'done',
    inserted: 0,
    skippedByServer: 0,
    foldersUsed: 0,
    foldersCreated: 0,
    notSent: plan.links.length,
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
  const idByKey = new Map<string, string>();
  // The folders links actually went into (their own folder, or 'Recently Saved Links' for none).
  const destinations = new Set<string>();
  report();

  try {
    const maxDepth = plan.folders.reduce((m, p) => Math.max(m, p.length), 0);
    for (let depth = 1; depth <= maxDepth; depth++) {
      const level = plan.folders.filter((p) => p.length === depth);
      for (let i = 0; i < level.length; i += IMPORT_BATCH.folders) {
        if (signal?.aborted) return { ...result, status: 'cancelled' };
        const slice = level.slice(i, i + IMPORT_BATCH.folders);
        const payload = slice.map((path) => ({
          name: path[path.length - 1],
          parent_id: depth > 1 ? (idByKey.get(folderKey(path.slice(0, -1))) ?? null) : null,
        }));
        const data = unwrap(await client.rpc('import_folders', { folders: payload })) as FolderRpcResult;
        slice.forEach((path, index) => {
          const id = data.ids[index];
          if (id) idByKey.set(folderKey(path), id);
        });
        result.foldersCreated += data.created;
        progress.foldersDone += slice.length;
        report();
      }
    }
    progress.phase = 'links';
    report();
    const rows = plan.links.map((l) => ({
      title: l.title,
      url: l.url,
      description: l.description,
      folder_id: l.folderKey ? (idByKey.get(l.folderKey) ?? null) : null,
      created_at: l.created_at,
      icon_url: l.icon_url,
      access_count: l.access_count,
    }));
    for (const batch of batchBySize(rows, IMPORT_BATCH.links, IMPORT_BATCH.bytes)) {
      if (signal?.aborted) return { ...result, foldersUsed: destinations.size, status: 'cancelled' };
      const data = unwrap(await client.rpc('import_links', { links: batch })) as { inserted: number; skipped: number };
      for (const row of batch) destinations.add(row.folder_id ?? 'saved');
      result.inserted += data.inserted;
      result.skippedByServer += data.skipped;
      result.notSent -= batch.length;
      progress.done += batch.length;
      progress.inserted = result.inserted;
      report();
    }
    return { ...result, foldersUsed: destinations.size };
  } catch (error) {
    result.foldersUsed = destinations.size;
    return { ...result, status: 'failed', error: toDataError(error) };
  }
}

const FOLDER_COLUMNS = 'id,name,parent_category_id,created_at';
const LINK_COLUMNS = 'title,url,description,category_id,second_category_id,created_at,updated_at,access_count,share_count,icon_url';

interface FolderRow {
  id: string;
  name: string;
  parent_category_id: string | null;
  created_at: string;
}
interface LinkRow {
  title: string;
  url: string;
  description: string | null;
  category_id: string | null;
  second_category_id: string | null;
  created_at: string;
  updated_at: string;
  access_count: number;
  share_count: number;
  icon_url: string | null;
}

/** All of the user's folders and links (templates excluded), read in pages, oldest first. */
export async function loadExportCollection(client: DataClient): Promise<ExportCollection> {
  const userId = await requireUserId(client);
  const [folderRows, linkRows] = await Promise.all([
    readAllPages<FolderRow>((from, to) =>
      client
        .from('categories')
        .select(FOLDER_COLUMNS)
        .eq('user_id', userId)
        .eq('is_template', false)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, to)
        .returns<FolderRow[]>(),
    ),
    readAllPages<LinkRow>((from, to) =>
      client
        .from('links')
        .select(LINK_COLUMNS)
        .eq('user_id', userId)
        .eq('is_template', false)
        .order('created_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, to)
        .returns<LinkRow[]>(),
    ),
  ]);
  const folders: ExportFolder[] = folderRows.map((f) => ({
    id: f.id,
    name: f.name,
    parent_id: f.parent_category_id,
    created_at: f.created_at,
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
  }));
  return { folders, links };
}
