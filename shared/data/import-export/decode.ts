/**
 * import_folders' and import_links' answers (JSON) and their readers (json-reader.ts);
 * tests/integration/data-rpc-json.test.ts checks them against what the migrated SQL functions return.
 */
import { arrayOf, nullable, number, object, string } from '../json-reader.ts';

/** import_folders: each folder's id in the order sent (null where the server refused the row), and how many were new. */
export interface ImportFoldersResult {
  ids: Array<string | null>;
  created: number;
}

/**
 * import_links: links written, links skipped (already saved, or refused by the URL check), and links
 * the account's link quota had no room for.
 */
export interface ImportLinksResult {
  inserted: number;
  skipped: number;
  over_quota: number;
}

const readFolders = object<ImportFoldersResult>({ ids: arrayOf(nullable(string)), created: number });
const readLinks = object<ImportLinksResult>({ inserted: number, skipped: number, over_quota: number });

export const decodeImportFoldersResult = (value: unknown): ImportFoldersResult => readFolders(value, 'import_folders');
export const decodeImportLinksResult = (value: unknown): ImportLinksResult => readLinks(value, 'import_links');
