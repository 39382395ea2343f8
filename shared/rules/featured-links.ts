import { safeHref } from './url.ts';

/**
 * Featured links on a public page: the owner's chosen links and folders, in order. The limits
 * equal the database's (featured_items_max() and friends, tests/db/featured-links.test.ts). Pure
 * and dependency-free: /{slug} imports it, and that route's JS is budgeted.
 */
export const FEATURED_ITEMS_MAX = 100;
export const FEATURED_TITLE_MAX = 100;
/** A featured folder shows its newest links, at most this many. */
export const FEATURED_FOLDER_LINKS_MAX = 25;

export interface FeaturedLinkEntry {
  title: string;
  /** Always an absolute http(s) URL. */
  href: string;
  favicon: string | null;
}

export interface FeaturedItemView {
  id: string;
  kind: 'link' | 'folder';
  title: string;
  /** The owner's chosen image (http(s) or a same-site path), else null: the favicon is the icon. */
  image: string | null;
  /** A link item's target; null for a folder. */
  link: FeaturedLinkEntry | null;
  /** A folder item's links (newest first). */
  links: FeaturedLinkEntry[];
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function imageOf(value: unknown): string | null {
  const s = str(value);
  if (!s) return null;
  // Same-site paths (the icon gallery) or http(s) only: never javascript:, data: or protocol-relative.
  if (/^\/[A-Za-z0-9_./-]*$/.test(s) && !s.startsWith('//') && !s.includes('..')) return s;
  return safeHref(s) ?? null;
}

function entryOf(raw: unknown): FeaturedLinkEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const href = safeHref(str(r.url));
  if (!href) return null;
  return { title: str(r.title)?.trim() || href, href, favicon: imageOf(r.favicon_url) };
}

/**
 * get_public_page_links' JSON as what the page renders: anything malformed, and every link that
 * is not http(s), is dropped (the server already filters; the page does not trust it blindly).
 */
export function featuredItemsOf(raw: unknown): FeaturedItemView[] {
  if (!Array.isArray(raw)) return [];
  const items: FeaturedItemView[] = [];
  for (const value of raw.slice(0, FEATURED_ITEMS_MAX)) {
    if (!value || typeof value !== 'object') continue;
    const r = value as Record<string, unknown>;
    const id = str(r.id);
    if (!id) continue;
    if (r.kind === 'link') {
      const link = entryOf(r);
      if (link) items.push({ id, kind: 'link', title: str(r.title)?.trim() || link.title, image: imageOf(r.image_url), link, links: [] });
    } else if (r.kind === 'folder') {
      const links = (Array.isArray(r.links) ? r.links : [])
        .slice(0, FEATURED_FOLDER_LINKS_MAX)
        .map(entryOf)
        .filter((l): l is FeaturedLinkEntry => l !== null);
      items.push({ id, kind: 'folder', title: str(r.title)?.trim() || 'Folder', image: imageOf(r.image_url), link: null, links });
    }
  }
  return items;
}

/** The list with the item at `from` moved to `to` (drag and drop, and the move up/down buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** 'n opens' for the owner's counts. */
export const opensLabel = (count: number) => `${count} ${count === 1 ? 'open' : 'opens'}`;
