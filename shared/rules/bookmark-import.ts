import { csvRow } from './csv-cell.ts';
import { duplicateUrlKey } from './duplicate-url.ts';
import { IMPORT_ICONS_MAX, isImportableIconUri } from './import-icons.ts';
import { normalizeUrl } from './url.ts';
import { uniqueTagNames, TAGS_PER_LINK_MAX } from './tags.ts';

/**
 * The common model of every import format (Netscape HTML, CSV, our JSON) and the plan that turns a
 * parsed file into folder and link batches. Pure: no React, no supabase-js.
 */

/**
 * A folder of a parsed file: its name and the folder it is in (null at the top). Entries and
 * sub-folders point at their folder's node, so a tree n levels deep costs n nodes, never a copy of
 * the path for every folder and entry (n² names for a chain): reading and planning a file stay
 * linear in its size however deep it nests.
 */
export interface FolderRef {
  readonly name: string;
  readonly parent: FolderRef | null;
  /** The folder's icon (our JSON export keeps it): kept only when the server finds it ours. */
  readonly iconUrl?: string;
}

/** The nodes of a path from the top (['Work', 'Docs'] → Docs in Work), below `parent` when given. */
export function folderRefOf(path: readonly string[], parent: FolderRef | null = null): FolderRef | null {
  let ref = parent;
  for (const name of path) ref = { name, parent: ref };
  return ref;
}

/** The names from the top down to `ref` (empty for none). */
export function folderPathOf(ref: FolderRef | null): string[] {
  const names: string[] = [];
  for (let r = ref; r; r = r.parent) names.push(r.name);
  return names.reverse();
}

/** One bookmark as read from a file, before any validation. */
export interface ImportEntry {
  title: string;
  url: string;
  description?: string;
  /** The folder it is in (null at the top). */
  folder: FolderRef | null;
  /** ISO date, when the file had a usable one. */
  createdAt?: string;
  iconUrl?: string;
  /** An icon inside the file (Chrome's ICON="data:image/png;base64,…"), stored on import. */
  iconData?: string;
  accessCount?: number;
  /** Tag names (valid ones only: the parsers read them with splitTagList). */
  tags?: string[];
}

export interface ParsedCollection {
  entries: ImportEntry[];
  /** Every folder the file declares (empty ones included). */
  folders: FolderRef[];
  /** Rows the parser itself could not use (e.g. a CSV row without a URL). */
  invalid: InvalidEntry[];
}

export interface InvalidEntry {
  title: string;
  url: string;
  folder: string;
  reason: string;
}

/** Limits of the database checks (links/categories constraints in the core schema migration). */
const IMPORT_LIMITS = { folderName: 100, title: 500, url: 2048, description: 5000 } as const;
const UNTITLED_FOLDER = 'Untitled folder';
/** Separator of folder paths in CSV and in the summary ("Work/Docs"); a '/' in a name is escaped as '\/'. */
const FOLDER_SEPARATOR = '/';

export type ImportFormat = 'html' | 'csv' | 'json';

/** The format of a file from its name, then its first characters. */
export function detectFormat(fileName: string, head: string): ImportFormat {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'json') return 'json';
  if (ext === 'csv' || ext === 'tsv') return 'csv';
  if (ext === 'html' || ext === 'htm') return 'html';
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'json';
  if (start.startsWith('<')) return 'html';
  return 'csv';
}

/** A folder name as the database will store it: trimmed, never blank, at most 100 characters. */
function cleanFolderName(name: string): string {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  return (trimmed || UNTITLED_FOLDER).slice(0, IMPORT_LIMITS.folderName).trim() || UNTITLED_FOLDER;
}

export function formatFolderPath(path: readonly string[]): string {
  return path.map((p) => p.replace(/\\/g, '\\\\').replace(/\//g, '\\/')).join(FOLDER_SEPARATOR);
}

/** Splits "A/B\/C" into ["A", "B/C"] (the inverse of {@link formatFolderPath}). */
export function parseFolderPath(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      current += value[++i];
    } else if (ch === FOLDER_SEPARATOR) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A date from a file: Unix seconds (Netscape ADD_DATE), milliseconds, microseconds (Firefox),
 * or an ISO/RFC date string. Undefined when missing, unparseable or outside 1970..2200.
 */
export function parseImportDate(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    ms = n < 1e11 ? n * 1000 : n < 1e14 ? n : n / 1000;
  } else {
    ms = Date.parse(text);
  }
  if (!Number.isFinite(ms) || ms <= 0 || ms > Date.UTC(2200, 0, 1)) return undefined;
  return new Date(ms).toISOString();
}

/** Why a URL cannot be imported, or null when it can (after the link form's https:// rule). */
function invalidUrlReason(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return 'No URL';
  const normalized = normalizeUrl(trimmed);
  if (normalized === null) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
    if (scheme && scheme !== 'http' && scheme !== 'https' && !/^\d/.test(trimmed.slice(scheme.length + 1))) {
      return `Unsupported scheme "${scheme}:" (only http and https links are kept)`;
    }
    return 'Not a valid http(s) URL';
  }
  if (normalized.length > IMPORT_LIMITS.url) return `URL longer than ${IMPORT_LIMITS.url} characters`;
  return null;
}

/** A folder to find or create: its name and its parent, an index into the plan's folders (always an earlier one). */
export interface PlannedFolder {
  name: string;
  parent: number | null;
  /** 1 at the top. */
  depth: number;
  /** The folder's icon from the file, if any (set on an existing folder only when it has none). */
  icon_url?: string | null;
}

/** A link ready for the import_links RPC, with the folder it goes into (an index into the plan's folders). */
export interface PlannedLink {
  title: string;
  url: string;
  description: string | null;
  folder: number | null;
  created_at: string | null;
  icon_url: string | null;
  /** An icon of the file to store first (an index into the plan's icons); its URL becomes the link's icon. */
  icon_data: number | null;
  access_count: number;
  /** Tags to give the link after the import (bulk_tag_links); empty for none. */
  tags: string[];
}

export interface ImportPlan {
  /** Unique folders (same parent and name, ignoring case, is one), every ancestor included, parents before children. */
  folders: PlannedFolder[];
  links: PlannedLink[];
  /** Distinct icons inside the file (data URIs), each stored once however many links use it. */
  icons: string[];
  /** Entries skipped because the same link (duplicate-URL rule) is already saved or earlier in the file. */
  duplicates: number;
  invalid: InvalidEntry[];
  /** Entries read from the file (valid or not). */
  total: number;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The names from the top down to a planned folder. */
export function plannedFolderPath(folders: readonly PlannedFolder[], index: number | null): string[] {
  const names: string[] = [];
  for (let i = index; i !== null; i = folders[i].parent) names.push(folders[i].name);
  return names.reverse();
}

/** A folder path for a person to read (the summary, the invalid entries file), shortened to its last levels past `max` characters. */
function folderLabel(folders: readonly PlannedFolder[], index: number | null, max = 300): string {
  const names: string[] = [];
  let length = 0;
  let i = index;
  for (; i !== null && length <= max; i = folders[i].parent) {
    names.push(folders[i].name);
    length += folders[i].name.length + 1;
  }
  const label = formatFolderPath(names.reverse());
  return i === null ? label : `…${FOLDER_SEPARATOR}${label}`;
}

/**
 * Turns a parsed file into what to write: folders to find or create, links to insert. A link whose
 * URL is the same link as one already saved (`existingUrls`) or earlier in the file is a duplicate.
 * Linear in the size of the parsed file: each folder node is looked at once (a node's parent is
 * planned before it, without recursion, so no depth overflows the stack), and a folder is known by
 * its parent's index and its own name, never by its whole path.
 */
export function planImport(parsed: ParsedCollection, existingUrls: Iterable<string>): ImportPlan {
  const seen = new Set<string>();
  for (const url of existingUrls) seen.add(duplicateUrlKey(url));

  const folders: PlannedFolder[] = [];
  // Same parent and name (ignoring case) is one folder, as the server's find-or-create; the spelling
  // of the first occurrence wins, as there.
  const byParentAndName = new Map<string, number>();
  const planned = new Map<FolderRef, number>();
  const chain: FolderRef[] = [];
  const planFolder = (ref: FolderRef | null): number | null => {
    if (!ref) return null;
    const known = planned.get(ref);
    if (known !== undefined) return known;
    // Up to the first node already planned (or the top), then down again.
    let parent: number | null = null;
    for (let r: FolderRef | null = ref; r; r = r.parent) {
      const index = planned.get(r);
      if (index !== undefined) {
        parent = index;
        break;
      }
      chain.push(r);
    }
    while (chain.length) {
      const node = chain.pop()!;
      const name = cleanFolderName(node.name);
      const key = `${parent ?? ''}\u0000${name.toLowerCase()}`;
      let index = byParentAndName.get(key);
      if (index === undefined) {
        index = folders.length;
        folders.push({ name, parent, depth: parent === null ? 1 : folders[parent].depth + 1 });
        byParentAndName.set(key, index);
      }
      if (node.iconUrl && !folders[index].icon_url) folders[index].icon_url = node.iconUrl;
      planned.set(node, index);
      parent = index;
    }
    return parent;
  };
  const icons: string[] = [];
  const iconIndex = new Map<string, number>();
  const planIcon = (uri: string | undefined): number | null => {
    if (!isImportableIconUri(uri)) return null;
    let index = iconIndex.get(uri);
    if (index === undefined) {
      if (icons.length >= IMPORT_ICONS_MAX) return null;
      index = icons.length;
      icons.push(uri);
      iconIndex.set(uri, index);
    }
    return index;
  };
  for (const folder of parsed.folders) planFolder(folder);

  const invalid: InvalidEntry[] = [...parsed.invalid];
  const links: PlannedLink[] = [];
  let duplicates = 0;
  for (const entry of parsed.entries) {
    const folder = planFolder(entry.folder);
    const reason = invalidUrlReason(entry.url);
    if (reason) {
      invalid.push({ title: entry.title, url: entry.url, folder: folderLabel(folders, folder), reason });
      continue;
    }
    const url = normalizeUrl(entry.url) as string;
    const key = duplicateUrlKey(url);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    const title = entry.title.replace(/\s+/g, ' ').trim();
    const description = entry.description?.trim();
    links.push({
      title: clip(title || url, IMPORT_LIMITS.title),
      url,
      description: description ? clip(description, IMPORT_LIMITS.description) : null,
      folder,
      created_at: entry.createdAt ?? null,
      icon_url: entry.iconUrl && /^https?:\/\//i.test(entry.iconUrl) && entry.iconUrl.length <= IMPORT_LIMITS.url ? entry.iconUrl : null,
      icon_data: planIcon(entry.iconData),
      access_count: Math.max(0, Math.floor(entry.accessCount ?? 0)) || 0,
      tags: uniqueTagNames(entry.tags ?? []).slice(0, TAGS_PER_LINK_MAX),
    });
  }
  return { folders, links, icons, duplicates, invalid, total: parsed.entries.length + parsed.invalid.length };
}

/**
 * Splits items into batches of at most `maxItems` and about `maxBytes` of JSON each (the REST
 * layer refuses bodies over 1 MB, and a 5,000-character description is allowed per link).
 */
export function batchBySize<T>(items: readonly T[], maxItems: number, maxBytes: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 2;
  for (const item of items) {
    const size = JSON.stringify(item).length + 1;
    if (current.length && (current.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 2;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

/** The invalid entries as a CSV file the user can download from the summary. */
export function invalidEntriesCsv(invalid: readonly InvalidEntry[]): string {
  const rows = [['title', 'url', 'folder', 'reason'], ...invalid.map((e) => [e.title, e.url, e.folder, e.reason])];
  // The same formula guard as the export: these cells are the file's own text, anyone's to craft.
  return rows.map(csvRow).join('\r\n') + '\r\n';
}
