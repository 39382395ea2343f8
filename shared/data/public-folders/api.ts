/**
 * Public folders, the owner's side (migration 20261205100000_public_folders.sql): publish one of
 * the caller's folders at /{profile slug}/{folder slug}, change its address, description and
 * "hide from search engines", unpublish it, and read its opens. RLS lets only the owner write; the
 * counter is written only by count_public_folder_open. Every write checks it changed a row.
 */
import type { PublicFolderEdit } from '../../schemas/public-folder.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import type { Tables } from '../types.ts';

export type { PublicFolderEdit };

/** A folder's publication as its owner sees it (null: never published). */
export type FolderPublication = Pick<
  Tables<'public_folders'>,
  'id' | 'folder_id' | 'slug' | 'description' | 'published' | 'noindex' | 'open_count'
>;

const COLUMNS = 'id,folder_id,slug,description,published,noindex,open_count';

const notYours = () => clientError(CLIENT_ERROR_CODES.notFound, 'Folder not found.');

export async function getFolderPublication(client: DataClient, folderId: string): Promise<FolderPublication | null> {
  return unwrap(await client.from('public_folders').select(COLUMNS).eq('folder_id', folderId).maybeSingle());
}

/**
 * Publishes the folder: a first publish creates the row (the database derives the address from the
 * folder's name, unique among the owner's folders); publishing again keeps the address, description
 * and opens of the earlier publish.
 */
export async function publishFolder(client: DataClient, userId: string, folderId: string): Promise<FolderPublication> {
  const updated = unwrap(await client.from('public_folders').update({ published: true }).eq('folder_id', folderId).select(COLUMNS));
  if (updated?.[0]) return updated[0];
  // An empty slug: the database derives it from the folder's name (public_folders_guard).
  const inserted = unwrap(await client.from('public_folders').insert({ user_id: userId, folder_id: folderId, slug: '' }).select(COLUMNS));
  if (!inserted?.[0]) throw notYours();
  return inserted[0];
}

/** Unpublishes at once: the public address answers "not found" from the next request on. */
export async function unpublishFolder(client: DataClient, folderId: string): Promise<FolderPublication> {
  return updatePublication(client, folderId, { published: false });
}

export async function setFolderNoindex(client: DataClient, folderId: string, noindex: boolean): Promise<FolderPublication> {
  return updatePublication(client, folderId, { noindex });
}

/** The address and description, parsed by publicFolderEditSchema (23505 when another of the owner's folders has the address). */
export async function updateFolderPublication(client: DataClient, folderId: string, edit: PublicFolderEdit): Promise<FolderPublication> {
  return updatePublication(client, folderId, { slug: edit.slug, description: edit.description });
}

async function updatePublication(
  client: DataClient,
  folderId: string,
  values: Partial<Pick<Tables<'public_folders'>, 'published' | 'noindex' | 'slug' | 'description'>>,
): Promise<FolderPublication> {
  const rows = unwrap(await client.from('public_folders').update(values).eq('folder_id', folderId).select(COLUMNS));
  if (!rows?.[0]) throw notYours();
  return rows[0];
}
