import { SLUG_PATTERN } from './slug-pattern.ts';

/**
 * Public folders: a folder published read-only at /{profile slug}/{folder slug}. The limits and the
 * slug rule equal the database's (public_folder_links_max(), is_folder_slug(); migration
 * 20261205100000_public_folders.sql, tests/db/public-folders.test.ts). The page's reader is
 * public-folder-view.ts; this module is what the owner's dialog shares with the page.
 */

/** A public folder shows its newest links, at most this many. */
export const PUBLIC_FOLDER_LINKS_MAX = 500;
export const PUBLIC_FOLDER_DESCRIPTION_MAX = 300;
/** /{slug}/preview is the profile page's private preview: no folder can take that address. */
const RESERVED_FOLDER_SLUGS: readonly string[] = ['preview'];

/** A folder's address: the profile URL name's shape (3-30 letters, digits, _ or -), not a reserved one. */
export function isFolderSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && !RESERVED_FOLDER_SLUGS.includes(slug.toLowerCase());
}

/** The public folder's path; null while the owner has neither a URL name nor a username. */
export function publicFolderPath(profileSlug: string | null | undefined, folderSlug: string): string | null {
  return profileSlug ? `/${encodeURIComponent(profileSlug)}/${encodeURIComponent(folderSlug)}` : null;
}

/** '12 links' / '1 link'. */
export const linkCountLabel = (count: number) => `${count} ${count === 1 ? 'link' : 'links'}`;
