import { folderPaths, type ExportCollection } from './bookmark-export.ts';
import { csvRow, unguardCsvCell } from './csv-cell.ts';
import { splitTagList } from './tags.ts';
import {
  folderRefOf,
  formatFolderPath,
  parseFolderPath,
  parseImportDate,
  type ImportEntry,
  type InvalidEntry,
  type ParsedCollection,
} from './bookmark-import.ts';

/**
 * CSV bookmarks (RFC 4180): fields separated by commas (or semicolons/tabs, detected from the first
 * line), quoted fields may hold separators, newlines and doubled quotes. Columns: title, url,
 * description, folder, created, in that order when there is no header row. A header row is
 * recognised by its names, in any order and with the names other tools use (Pocket: time_added,
 * Raindrop: note/excerpt, created; folder paths "Parent/Child").
 */

/** Splits CSV text into rows of fields. */
export function parseCsvRows(text: string): string[][] {
  const input = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(input);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i++;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

type Column = 'title' | 'url' | 'description' | 'folder' | 'created' | 'tags';
const ALIASES: Record<Column, string[]> = {
  title: ['title', 'name'],
  url: ['url', 'href', 'link', 'address', 'uri'],
  description: ['description', 'note', 'notes', 'excerpt', 'extended', 'comment'],
  folder: ['folder', 'folders', 'folder_path', 'path', 'collection', 'category'],
  created: ['created', 'created_at', 'createdat', 'time_added', 'add_date', 'date_added', 'added', 'date', 'timestamp'],
  tags: ['tags', 'tag', 'labels', 'keywords'],
};
/** A file without a header row: these columns in this order (tags only after the others). */
const DEFAULT_ORDER: Column[] = ['title', 'url', 'description', 'folder', 'created', 'tags'];

const headerName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Every column that holds a description, in the header's order: Raindrop writes both `note` (yours)
 * and `excerpt` (the page's), and either may be the empty one.
 */
function descriptionColumns(row: string[]): number[] {
  return row.flatMap((cell, index) => (ALIASES.description.includes(headerName(cell)) ? [index] : []));
}

function headerColumns(row: string[]): Map<Column, number> | null {
  const map = new Map<Column, number>();
  row.forEach((cell, index) => {
    const name = headerName(cell);
    for (const column of DEFAULT_ORDER) {
      if (!map.has(column) && ALIASES[column].includes(name)) map.set(column, index);
    }
  });
  return map.has('url') ? map : null;
}

export function parseBookmarkCsv(text: string): ParsedCollection {
  const rows = parseCsvRows(text);
  const entries: ImportEntry[] = [];
  const invalid: InvalidEntry[] = [];
  if (!rows.length) return { entries, folders: [], invalid };
  const header = headerColumns(rows[0]);
  const columns = header ?? new Map(DEFAULT_ORDER.map((c, i) => [c, i] as const));
  const descriptions = header ? descriptionColumns(rows[0]) : [DEFAULT_ORDER.indexOf('description')];
  const at = (row: string[], column: Column) => {
    const index = columns.get(column);
    const value = index === undefined ? '' : (row[index] ?? '');
    // Undo the formula guard of our own export ('=…' was written as "'=…").
    return unguardCsvCell(value);
  };
  for (const row of header ? rows.slice(1) : rows) {
    const url = at(row, 'url').trim();
    const title = at(row, 'title').trim();
    const folder = parseFolderPath(at(row, 'folder'));
    if (!url) {
      invalid.push({ title, url: '', folder: formatFolderPath(folder), reason: 'No URL' });
      continue;
    }
    const entry: ImportEntry = { title, url, folder: folderRefOf(folder) };
    // The non-empty description columns, each text once (a note that repeats the excerpt is not doubled).
    const texts = [...new Set(descriptions.map((index) => unguardCsvCell(row[index] ?? '').trim()).filter(Boolean))];
    if (texts.length) entry.description = texts.join('\n\n');
    const created = parseImportDate(at(row, 'created'));
    if (created) entry.createdAt = created;
    // Raindrop's and our own 'tags' column: names separated by commas.
    const tags = splitTagList(at(row, 'tags'));
    if (tags.length) entry.tags = tags;
    entries.push(entry);
  }
  return { entries, folders: [], invalid };
}

/** The collection as CSV: one row per link with its folder path, dates and counts. */
export function toBookmarkCsv(collection: ExportCollection): string {
  const paths = folderPaths(collection.folders);
  const lines = [csvRow(['title', 'url', 'description', 'folder', 'created', 'updated', 'access_count', 'share_count', 'tags'])];
  for (const link of collection.links) {
    const folder = link.folder_id ? formatFolderPath(paths.get(link.folder_id) ?? []) : '';
    lines.push(
      csvRow([
        link.title,
        link.url,
        link.description ?? '',
        folder,
        link.created_at,
        link.updated_at ?? '',
        link.access_count ?? 0,
        link.share_count ?? 0,
        (link.tags ?? []).join(','),
      ]),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
