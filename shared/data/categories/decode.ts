/**
 * get_folder's answer (a folder, its breadcrumb, counts and subfolders, as JSON) and its reader
 * (json-reader.ts). tests/integration/data-rpc-json.test.ts checks it against what the migrated
 * SQL function returns and what the REST API reads for the same folders.
 */
import { boolean, nullable, number, object, oneOf, string, arrayOf, type Reader } from '../json-reader.ts';
import { SYSTEM_CATEGORY_KEYS } from '../../constants.ts';
import type { CategoryRow } from '../types.ts';

/** A subfolder as the folder view lists it: the folder and how many links it holds. */
export type SubfolderWithCount = CategoryRow & { link_count: number };

/** What the folder header needs (RPC get_folder): the folder, its breadcrumb, counts, subfolders. */
export interface FolderContext {
  folder: CategoryRow;
  /** Parent folders, the top-level one first (empty for a top-level folder). */
  ancestors: Array<{ id: string; name: string }>;
  /** Links whose category_id or second_category_id is the folder. */
  link_count: number;
  subfolders: SubfolderWithCount[];
}

const nullableString = nullable(string);

/** The columns of CATEGORY_COLUMNS (list-calls.ts), as get_folder sends a folder. */
const categoryReaders = {
  id: string,
  user_id: nullableString,
  name: string,
  is_default: boolean,
  is_template: boolean,
  icon_url: nullableString,
  parent_category_id: nullableString,
  display_order: number,
  ai_enhanced: boolean,
  system_key: nullable(oneOf(SYSTEM_CATEGORY_KEYS)),
};

const readCategory: Reader<CategoryRow> = object<CategoryRow>(categoryReaders);

const readFolderContext = object<FolderContext>({
  folder: readCategory,
  ancestors: arrayOf(object<{ id: string; name: string }>({ id: string, name: string })),
  link_count: number,
  subfolders: arrayOf(object<SubfolderWithCount>({ ...categoryReaders, link_count: number })),
});

/** get_folder: the folder's context, or null when it is not one of the caller's folders. */
export const decodeFolder = (value: unknown): FolderContext | null => (value === null ? null : readFolderContext(value, 'get_folder'));
