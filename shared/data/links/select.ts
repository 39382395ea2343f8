/**
 * Pure helpers for the links grid: search and grouping by folder, computed from the cached list
 * in one pass (titles and URLs are lower-cased once per list; `npm run bench:dashboard` measures a keystroke at 10,000 links).
 */
import { CATEGORY_PREVIEW_LINK_COUNT } from '../../constants.ts';

export interface GroupableLink {
  id: string;
  title: string;
  url: string;
  category_id: string | null;
  second_category_id: string | null;
}

export interface GroupableCategory {
  id: string;
  name: string;
}

export interface CategorySection<C extends GroupableCategory, L extends GroupableLink> {
  category: C;
  /** Links in this folder that match the search (the count badge). */
  totalCount: number;
  /** The first links, in list order (newest first): the grid shows 3. */
  links: L[];
}

/** Lower-cased "title\nurl" per link, computed once per list (the list array is the cache key). */
const haystacks = new WeakMap<readonly GroupableLink[], string[]>();

function haystackOf(links: readonly GroupableLink[]): string[] {
  let cached = haystacks.get(links);
  if (!cached) {
    cached = links.map((link) => `${link.title}\n${link.url}`.toLowerCase());
    haystacks.set(links, cached);
  }
  return cached;
}

/** Links whose title or URL contains the query, case-insensitively ('Search links...'); order kept. */
export function searchLinks<L extends GroupableLink>(links: readonly L[], query: string): L[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return links as L[];
  const hay = haystackOf(links);
  const out: L[] = [];
  for (let i = 0; i < links.length; i++) if (hay[i].includes(needle)) out.push(links[i]);
  return out;
}

/**
 * Buckets links by folder: a link belongs to its category_id and to its second_category_id
 * (so 'Recently Saved Links', every link's primary, lists all of them, newest first).
 */
export function linksByCategory<L extends GroupableLink>(links: readonly L[]): Map<string, L[]> {
  const buckets = new Map<string, L[]>();
  const add = (key: string, link: L) => {
    const bucket = buckets.get(key);
    if (bucket) bucket.push(link);
    else buckets.set(key, [link]);
  };
  for (const link of links) {
    if (link.category_id) add(link.category_id, link);
    if (link.second_category_id && link.second_category_id !== link.category_id) add(link.second_category_id, link);
  }
  return buckets;
}

/**
 * The grid's sections in the given folder order, after search: each with its total count and
 * its first `previewCount` links. With a search, folders with no match are left out.
 */
export function groupLinksForGrid<C extends GroupableCategory, L extends GroupableLink>(
  links: readonly L[],
  categories: readonly C[],
  options: { query?: string; previewCount?: number; matches?: readonly L[] } = {},
): Array<CategorySection<C, L>> {
  const query = options.query?.trim() ?? '';
  const previewCount = options.previewCount ?? CATEGORY_PREVIEW_LINK_COUNT;
  // `matches`: the links the caller's own search kept (the dashboard's grammar-aware filter).
  const buckets = linksByCategory(options.matches ?? searchLinks(links, query));
  const sections: Array<CategorySection<C, L>> = [];
  for (const category of categories) {
    const bucket = buckets.get(category.id) ?? [];
    if (query && bucket.length === 0) continue;
    sections.push({ category, totalCount: bucket.length, links: bucket.slice(0, previewCount) });
  }
  return sections;
}
