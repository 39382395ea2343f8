import { INCOMING_INSTAGRAM_CATEGORY_NAME, INCOMING_TIKTOK_CATEGORY_NAME } from '~shared/constants.ts';
import type { Category } from '~shared/data/categories/api.ts';

/**
 * What a folder is, for the view: the inbox of received shares, one of its APPROVED/REJECTED
 * subfolders, an Instagram/TikTok receiving folder, or an ordinary folder.
 */
export type FolderKind = 'incoming' | 'incoming-source' | 'approved' | 'rejected' | 'regular';

export function folderKind(folder: Pick<Category, 'system_key' | 'is_default' | 'name' | 'parent_category_id'>): FolderKind {
  if (folder.system_key === 'incoming') return 'incoming';
  if (folder.system_key === 'approved') return 'approved';
  if (folder.system_key === 'rejected') return 'rejected';
  if (
    folder.is_default &&
    !folder.parent_category_id &&
    (folder.name === INCOMING_INSTAGRAM_CATEGORY_NAME || folder.name === INCOMING_TIKTOK_CATEGORY_NAME)
  ) {
    return 'incoming-source';
  }
  return 'regular';
}

/**
 * part 2 §2: owners edit links in their own non-template, non-incoming folders; template folders'
 * links only admins (a user_roles row, enforced again by RLS), everyone else reads them.
 */
export function canEditLinksIn(
  folder: Pick<Category, 'is_template' | 'system_key' | 'is_default' | 'name' | 'parent_category_id'>,
  isAdmin = false,
): boolean {
  if (folder.is_template) return isAdmin;
  return folderKind(folder) === 'regular';
}

/** Links in REJECTED can be approved (moved to APPROVED); in APPROVED they already are, so no button. */
export const canApproveIn = (kind: FolderKind) => kind === 'rejected';

/** Renaming, icon changes and deletion are refused by the server for default folders; the UI hides them. */
export const isManageable = (folder: Pick<Category, 'is_default' | 'is_template' | 'system_key'>) =>
  !folder.is_default && !folder.is_template && !folder.system_key;

/**
 * The incoming view refreshes every 30 s (part 2 §4): the inbox and the Instagram/TikTok folders,
 * whose links arrive from other devices and apps while the page is open.
 */
export const refreshesLive = (
  folder: Pick<Category, 'system_key' | 'is_default' | 'name' | 'parent_category_id'> | null | undefined,
): boolean => {
  const kind = folder ? folderKind(folder) : 'regular';
  return kind === 'incoming' || kind === 'incoming-source';
};
