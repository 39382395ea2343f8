import type { PageVisibility } from '../constants.ts';

/** Part 2 §4: a page is viewable by anyone only if published and public; owner and admins always. */
export interface PageAccess {
  published: boolean;
  visibility: PageVisibility;
  isOwner: boolean;
  isAdmin: boolean;
}

export function canViewPublicPage(access: PageAccess): boolean {
  return access.isOwner || access.isAdmin || (access.published && access.visibility === 'public');
}

/** The private preview (/{slug}/preview) is for the owner and admins only. */
export function canViewPreview(access: Pick<PageAccess, 'isOwner' | 'isAdmin'>): boolean {
  return access.isOwner || access.isAdmin;
}

/** Why a page is not shown: unpublished first, then private, then exclusive (not resolved on the client). */
export function pageUnavailableReason(page: { published: boolean; visibility: PageVisibility }, slug: string): string | null {
  if (!page.published) return `The profile for @${slug} hasn't been published yet.`;
  if (page.visibility === 'private') return 'This page is private.';
  if (page.visibility === 'exclusive') return 'This page is exclusive to allowed members.';
  return null;
}

/** {origin}/{slug or username}; null when the user has neither. */
export function publicPageUrl(origin: string, slugOrUsername: string | null | undefined): string | null {
  const name = slugOrUsername?.trim();
  return name ? `${origin.replace(/\/+$/, '')}/${encodeURIComponent(name)}` : null;
}

/** {origin}/category/{id}, the URL the folder share dialog builds. */
export function categoryShareUrl(origin: string, categoryId: string): string {
  return `${origin.replace(/\/+$/, '')}/category/${encodeURIComponent(categoryId)}`;
}
