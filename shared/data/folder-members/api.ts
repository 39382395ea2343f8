/**
 * Shared folders (migration 20261204100000_folder_members.sql): the owner's invitations and member
 * list, the invitee's answers, and what a member reads. Links a member adds stay the owner's
 * (user_id = the folder's owner); RLS lets editors write them in the shared tree.
 */
import type { FolderRole } from '../../schemas/folder-invite.ts';
import type { DataClient } from '../client.ts';
import { CLIENT_ERROR_CODES, clientError, unwrap } from '../errors.ts';
import { arrayOf, nullable, number, object, oneOf, string } from '../json-reader.ts';
import type { RpcRow } from '../types.ts';

export type { FolderRole };

/** A member (by username) or a pending invitation (by username or the e-mail typed), as the owner sees it. */
export type FolderMember = Omit<RpcRow<'list_folder_members'>, 'status' | 'role'> & { status: 'member' | 'invited'; role: FolderRole };
/** An invitation to someone else's folder, waiting for the caller's answer. */
export type FolderInvitation = Omit<RpcRow<'list_folder_invitations'>, 'role'> & { role: FolderRole };
/** A folder shared with the caller (accepted), with its owner's name. */
export type SharedFolder = Omit<RpcRow<'list_shared_folders'>, 'role' | 'icon_url'> & { role: FolderRole; icon_url: string | null };

/** One shared folder as a member sees it (RPC get_shared_folder). */
export interface SharedFolderContext {
  folder: { id: string; name: string; icon_url: string | null; parent_category_id: string | null };
  role: FolderRole;
  owner_id: string;
  owner_name: string;
  /** From the folder that was shared down to the parent of this one. */
  ancestors: Array<{ id: string; name: string }>;
  link_count: number;
  subfolders: Array<{ id: string; name: string; icon_url: string | null; link_count: number }>;
}

const ROLES = ['viewer', 'editor'] as const;
const readContext = object<SharedFolderContext>({
  folder: object({ id: string, name: string, icon_url: nullable(string), parent_category_id: nullable(string) }),
  role: oneOf(ROLES),
  owner_id: string,
  owner_name: string,
  ancestors: arrayOf(object<{ id: string; name: string }>({ id: string, name: string })),
  link_count: number,
  subfolders: arrayOf(object({ id: string, name: string, icon_url: nullable(string), link_count: number })),
});

const asRole = (role: string): FolderRole => (role === 'editor' ? 'editor' : 'viewer');

export async function listFolderMembers(client: DataClient, folderId: string): Promise<FolderMember[]> {
  const rows = unwrap(await client.rpc('list_folder_members', { p_folder_id: folderId })) ?? [];
  return rows.map((r) => ({ ...r, status: r.status === 'member' ? 'member' : 'invited', role: asRole(r.role) }));
}

export async function setFolderMemberRole(client: DataClient, memberId: string, role: FolderRole): Promise<void> {
  unwrap(await client.rpc('set_folder_member_role', { p_member_id: memberId, p_role: role }));
}

/** The owner removes a member or an invitation; a member leaves (their own row). */
export async function removeFolderMember(client: DataClient, memberId: string): Promise<void> {
  const rows = unwrap(await client.from('folder_members').delete().eq('id', memberId).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'Member not found.');
}

/** Leaves a folder shared with the caller. */
export async function leaveSharedFolder(client: DataClient, userId: string, folderId: string): Promise<void> {
  const rows = unwrap(await client.from('folder_members').delete().eq('folder_id', folderId).eq('member_user_id', userId).select('id'));
  if (!rows?.length) throw clientError(CLIENT_ERROR_CODES.notFound, 'You are not a member of this folder.');
}

export async function listFolderInvitations(client: DataClient): Promise<FolderInvitation[]> {
  const rows = unwrap(await client.rpc('list_folder_invitations')) ?? [];
  return rows.map((r) => ({ ...r, role: asRole(r.role) }));
}

/** Accepts (the folder appears under 'Shared with me') or declines an invitation. */
export async function respondFolderInvitation(client: DataClient, id: string, accept: boolean): Promise<boolean> {
  return unwrap(await client.rpc('respond_folder_invitation', { p_invitation_id: id, p_accept: accept }));
}

export async function listSharedFolders(client: DataClient): Promise<SharedFolder[]> {
  const rows = unwrap(await client.rpc('list_shared_folders')) ?? [];
  return rows.map((r) => ({ ...r, role: asRole(r.role), icon_url: r.icon_url ?? null }));
}

/** A folder shared with the caller, or null (not shared with them, or gone). */
export async function getSharedFolder(client: DataClient, folderId: string): Promise<SharedFolderContext | null> {
  const value: unknown = unwrap(await client.rpc('get_shared_folder', { p_folder_id: folderId }));
  return value === null || value === undefined ? null : readContext(value, 'get_shared_folder');
}

/** An editor's new link in a shared folder: it belongs to the folder's owner. */
export async function addSharedFolderLink(
  client: DataClient,
  input: { ownerId: string; folderId: string; title: string; url: string; description?: string | null },
): Promise<void> {
  unwrap(
    await client.from('links').insert({
      user_id: input.ownerId,
      category_id: input.folderId,
      title: input.title,
      url: input.url,
      description: input.description ?? null,
    }),
  );
}

/** An editor's subfolder in a shared folder (the owner's row). */
export async function createSharedSubfolder(client: DataClient, input: { ownerId: string; parentId: string; name: string }): Promise<void> {
  unwrap(await client.from('categories').insert({ user_id: input.ownerId, parent_category_id: input.parentId, name: input.name }));
}

const noLongerAllowed = () => clientError(CLIENT_ERROR_CODES.notFound, 'You can no longer change this folder.');

/** An editor's change to a link in a shared folder; refused (0 rows) once they are no longer an editor. */
export async function updateSharedFolderLink(
  client: DataClient,
  id: string,
  values: { title: string; url: string; description: string | null },
): Promise<void> {
  const rows = unwrap(await client.from('links').update(values).eq('id', id).select('id'));
  if (!rows?.length) throw noLongerAllowed();
}

export async function deleteSharedFolderLink(client: DataClient, id: string): Promise<void> {
  const rows = unwrap(await client.from('links').delete().eq('id', id).select('id'));
  if (!rows?.length) throw noLongerAllowed();
}

/** A folder of a shared tree, for the destination list of a move (the shared folder has no parent). */
export type SharedTreeFolder = RpcRow<'list_shared_folder_tree'>;

/** The shared folder `rootId` (one of the caller's memberships) and every folder below it. */
export async function listSharedFolderTree(client: DataClient, rootId: string): Promise<SharedTreeFolder[]> {
  return unwrap(await client.rpc('list_shared_folder_tree', { p_root_id: rootId })) ?? [];
}

/**
 * An editor moves a link from one folder of the shared tree to another (RPC move_shared_folder_link:
 * RLS and a trigger refuse any folder outside the tree, and a viewer's move changes nothing).
 */
export async function moveSharedFolderLink(
  client: DataClient,
  input: { linkId: string; fromFolderId: string; toFolderId: string },
): Promise<void> {
  unwrap(
    await client.rpc('move_shared_folder_link', {
      p_link_id: input.linkId,
      p_from_folder_id: input.fromFolderId,
      p_to_folder_id: input.toFolderId,
    }),
  );
}

export async function renameSharedSubfolder(client: DataClient, id: string, name: string): Promise<void> {
  const rows = unwrap(await client.from('categories').update({ name }).eq('id', id).select('id'));
  if (!rows?.length) throw noLongerAllowed();
}
