import { folderPaths, type ExportCollection } from './bookmark-export.ts';
import {
  folderRefOf,
  parseImportDate,
  type FolderRef,
  type ImportEntry,
  type InvalidEntry,
  type ParsedCollection,
} from './bookmark-import.ts';
import { splitTagList, uniqueTagNames, tagNameProblem, TAGS_PER_LINK_MAX } from './tags.ts';

/**
 * Our own JSON export: everything a collection holds, folder paths included, so that importing it
 * into an empty account reproduces the collection.
 *
 * { "format": "linkvault-export", "version": 1, "exported_at": "…",
 *   "counts": { "folders": n, "links": n },
 *   "folders": [{ "path": ["Work", "Docs"], "created_at": "…", "icon_url": "…" }],
 *   "links": [{ "title", "url", "description", "folder": ["Work", "Docs"], "created_at", "updated_at",
 *               "access_count", "share_count", "icon_url" }] }
 *
 * A bare array of { url, title?, description?, folder? } objects is accepted too.
 */
export const JSON_EXPORT_FORMAT = 'linkvault-export';

/**
 * A link's tags in a JSON file: an array of names (ours), or one string of names separated by
 * commas, or by spaces when it has no comma (Pinboard's JSON export).
 */
function jsonTags(value: unknown): string[] {
  if (Array.isArray(value)) {
    const names = value.map(str).filter((name) => tagNameProblem(name) === null);
    return uniqueTagNames(names).slice(0, TAGS_PER_LINK_MAX);
  }
  const text = str(value);
  return splitTagList(text, text.includes(',') ? 'comma' : 'space');
}

export class BookmarkJsonError extends Error {}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const path = (v: unknown): string[] =>
  Array.isArray(v)
    ? v
        .map(str)
        .map((s) => s.trim())
        .filter(Boolean)
    : typeof v === 'string' && v.trim()
      ? [v.trim()]
      : [];

export function parseBookmarkJson(text: string): ParsedCollection {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new BookmarkJsonError('This file is not valid JSON.');
  }
  const root = data as { links?: unknown; folders?: unknown } | unknown[] | null;
  const rawLinks = Array.isArray(root) ? root : root && typeof root === 'object' && Array.isArray(root.links) ? root.links : null;
  if (!rawLinks) throw new BookmarkJsonError('This JSON file has no list of links.');
  const rawFolders = !Array.isArray(root) && root && Array.isArray(root.folders) ? root.folders : [];

  const folders = rawFolders
    .map((f: unknown) => {
      const raw = f as { path?: unknown; icon_url?: unknown } | null;
      const ref = folderRefOf(path(raw?.path));
      // The folder's icon rides on its own node (the server keeps it only when it is ours).
      return ref && typeof raw?.icon_url === 'string' && raw.icon_url ? { ...ref, iconUrl: raw.icon_url } : ref;
    })
    .filter((f): f is FolderRef => f !== null);
  const entries: ImportEntry[] = [];
  const invalid: InvalidEntry[] = [];
  for (const item of rawLinks) {
    if (!item || typeof item !== 'object') {
      invalid.push({ title: '', url: '', folder: '', reason: 'Not a link object' });
      continue;
    }
    const o = item as Record<string, unknown>;
    const entry: ImportEntry = { title: str(o.title), url: str(o.url), folder: folderRefOf(path(o.folder)) };
    const description = str(o.description).trim();
    if (description) entry.description = description;
    const created = parseImportDate(str(o.created_at));
    if (created) entry.createdAt = created;
    if (typeof o.icon_url === 'string') entry.iconUrl = o.icon_url;
    if (typeof o.access_count === 'number' && Number.isFinite(o.access_count)) entry.accessCount = o.access_count;
    const tags = jsonTags(o.tags);
    if (tags.length) entry.tags = tags;
    entries.push(entry);
  }
  return { entries, folders, invalid };
}

export function toBookmarkJson(collection: ExportCollection, now = new Date()): string {
  const paths = folderPaths(collection.folders);
  const doc = {
    format: JSON_EXPORT_FORMAT,
    version: 1,
    exported_at: now.toISOString(),
    counts: { folders: collection.folders.length, links: collection.links.length },
    folders: collection.folders.map((f) => ({
      path: paths.get(f.id) ?? [f.name],
      created_at: f.created_at ?? null,
      icon_url: f.icon_url ?? null,
    })),
    links: collection.links.map((l) => ({
      title: l.title,
      url: l.url,
      description: l.description,
      folder: l.folder_id ? (paths.get(l.folder_id) ?? []) : [],
      created_at: l.created_at,
      updated_at: l.updated_at ?? null,
      access_count: l.access_count ?? 0,
      share_count: l.share_count ?? 0,
      icon_url: l.icon_url ?? null,
      tags: l.tags ?? [],
    })),
  };
  return JSON.stringify(doc, null, 2);
}
