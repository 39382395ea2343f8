import { duplicateUrlKey } from './duplicate-url.ts';
import { normalizeUrl } from './url.ts';

/**
 * The common model of every import format (Netscape HTML, CSV, our JSON) and the plan that turns a
 * parsed file into folder and link batches. Pure: no React, no supabase-js. Not re-exported from
 * rules/index.ts so the parsers stay out of bundles that do not import them.
 */

/** One bookmark as read from a file, before any validation. `folder` is the path from the root. */
export interface ImportEntry {
  title: string;
  url: string;
  description?: string;
  folder: string[];
  /** ISO date, when the file had a usable one. */
  createdAt?: string;
  iconUrl?: string;
  accessCount?: number;
}

export interface ParsedCollection {
  entries: ImportEntry[];
  /** Every folder the file declares (empty ones included), as paths from the root. */
  folders: string[][];
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
export const IMPORT_LIMITS = { folderName: 100, title: 500, url: 2048, description: 5000 } as const;
export const UNTITLED_FOLDER = 'Untitled folder';
/** Separator of folder paths in CSV and in the summary ("Work/Docs"); a '/' in a name is escaped as '\/'. */
export const FOLDER_SEPARATOR = '/';

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
export function cleanFolderName(name: string): string {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  return (trimmed || UNTITLED_FOLDER).slice(0, IMPORT_LIMITS.folderName).trim() || UNTITLED_FOLDER;
}

export const folderKey = (path: readonly string[]): string => path.map((p) => p.toLowerCase()).join('\u0000');

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
export function invalidUrlReason(url: string): string | null {
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

/** A link ready for the import_links RPC, with the folder it goes into as a path key. */
export interface PlannedLink {
  title: string;
  url: string;
  description: string | null;
  folderKey: string | null;
  created_at: string | null;
  icon_url: string | null;
  access_count: number;
}

export interface ImportPlan {
  /** Unique folder paths (case-insensitive), every ancestor included, parents before children. */
  folders: string[][];
  links: PlannedLink[];
  /** Entries skipped because the same link (duplicate-URL rule) is already saved or earlier in the file. */
  duplicates: number;
  invalid: InvalidEntry[];
  /** Entries read from the file (valid or not). */
  total: number;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Turns a parsed file into what to write: folders to find or create, links to insert. A link whose
 * URL is the same link as one already saved (`existingUrls`) or earlier in the file is a duplicate.
 */
export function planImport(parsed: ParsedCollection, existingUrls: Iterable<string>): ImportPlan {
  const seen = new Set<string>();
  for (const url of existingUrls) seen.add(duplicateUrlKey(url));

  const folderByKey = new Map<string, string[]>();
  const addFolder = (raw: readonly string[]): string[] => {
    const path = raw.map(cleanFolderName);
    for (let depth = 1; depth <= path.length; depth++) {
      const prefix = path.slice(0, depth);
      const key = folderKey(prefix);
      if (!folderByKey.has(key)) folderByKey.set(key, prefix);
    }
    // The spelling of the first occurrence wins, as the server's find-or-create does.
    return folderByKey.get(folderKey(path)) ?? path;
  };
  for (const folder of parsed.folders) if (folder.length) addFolder(folder);

  const invalid: InvalidEntry[] = [...parsed.invalid];
  const links: PlannedLink[] = [];
  let duplicates = 0;
  for (const entry of parsed.entries) {
    const path = entry.folder.length ? addFolder(entry.folder) : [];
    const reason = invalidUrlReason(entry.url);
    if (reason) {
      invalid.push({ title: entry.title, url: entry.url, folder: formatFolderPath(path), reason });
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
      folderKey: path.length ? folderKey(path) : null,
      created_at: entry.createdAt ?? null,
      icon_url: entry.iconUrl && /^https?:\/\//i.test(entry.iconUrl) && entry.iconUrl.length <= IMPORT_LIMITS.url ? entry.iconUrl : null,
      access_count: Math.max(0, Math.floor(entry.accessCount ?? 0)) || 0,
    });
  }
  const folders = [...folderByKey.values()].sort((a, b) => a.length - b.length);
  return { folders, links, duplicates, invalid, total: parsed.entries.length + parsed.invalid.length };
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
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const rows = [['title', 'url', 'folder', 'reason'], ...invalid.map((e) => [e.title, e.url, e.folder, e.reason])];
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
