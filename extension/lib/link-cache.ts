import { duplicateUrlKey, findDuplicateLink } from '~shared/rules/duplicate-url.ts';
import { searchLoadedLinks, urlHost } from '~shared/rules/link-search.ts';
import { readKey, type StorageArea } from './storage-area.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The local copy of the user's links (browser.storage.local), so the popup's search, the omnibox
 * and the toolbar's saved state work offline and without a request per keystroke or tab switch.
 * The service worker refreshes it (startup, an alarm, sign-in, after every save/edit/delete);
 * extension pages patch it at once after their own edits.
 */
export interface CachedLink {
  id: string;
  title: string;
  url: string;
  category_id: string | null;
  second_category_id: string | null;
  created_at: string;
  tags?: string[];
}

export interface LinkCache {
  userId: string;
  /** Epoch ms of the server read it came from (patches keep it). */
  fetchedAt: number;
  /** Newest first (a save or edit moves the link to the front: 'recent'). */
  links: CachedLink[];
}

export const LINKS_ALARM = 'linkvault-links-refresh';
/** Background refresh period: edits from the web app reach the cache within this time. */
export const LINKS_REFRESH_MINUTES = 15;

/** The cache when it belongs to `userId` (another account's copy is never shown). */
export async function readLinkCache(area: StorageArea, userId: string): Promise<LinkCache | null> {
  const cache = await readKey<LinkCache>(area, STORAGE_KEYS.linksCache);
  return cache && cache.userId === userId && Array.isArray(cache.links) ? cache : null;
}

export async function writeLinkCache(area: StorageArea, cache: LinkCache): Promise<void> {
  await area.set({ [STORAGE_KEYS.linksCache]: cache });
}

export async function clearLinkCache(area: StorageArea): Promise<void> {
  await area.remove(STORAGE_KEYS.linksCache);
}

/** Adds or replaces one link (matched by id) at the front; tags are kept unless given. */
function withLink(links: readonly CachedLink[], link: CachedLink): CachedLink[] {
  const previous = links.find((item) => item.id === link.id);
  const merged: CachedLink = { ...link, tags: link.tags ?? previous?.tags };
  return [merged, ...links.filter((item) => item.id !== link.id)];
}

/** Patches the stored cache after an edit here, before the worker's refresh confirms it. */
export async function patchLinkCache(
  area: StorageArea,
  userId: string,
  change: { upsert: CachedLink } | { remove: string },
): Promise<void> {
  const cache = (await readLinkCache(area, userId)) ?? { userId, fetchedAt: 0, links: [] };
  const links = 'upsert' in change ? withLink(cache.links, change.upsert) : cache.links.filter((link) => link.id !== change.remove);
  await writeLinkCache(area, { ...cache, links });
}

/**
 * The links matching what was typed (the web app's word/prefix rule, shared/rules/link-search.ts),
 * at most `limit`, in the cache's order; nothing typed = the most recent ones.
 */
export function searchCachedLinks(links: readonly CachedLink[], query: string, limit: number): CachedLink[] {
  if (!query.trim()) return links.slice(0, limit);
  const out: CachedLink[] = [];
  // searchLoadedLinks filters the whole list; a slice of it is cheap next to the match itself.
  for (const link of searchLoadedLinks(links, query)) {
    out.push(link);
    if (out.length >= limit) break;
  }
  return out;
}

/** Only http(s) pages can be saved links (the toolbar state ignores chrome://, about:, file:). */
export const isWebUrl = (url: string | undefined | null): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * The cached link for one URL (the duplicate-URL rule), comparing only links on the same host: the
 * popup asks once per open, without building a whole index.
 */
export function findCachedLink(links: readonly CachedLink[], url: string | undefined | null): CachedLink | null {
  if (!isWebUrl(url)) return null;
  const host = urlHost(url);
  const sameHost = host ? links.filter((link) => link.url.toLowerCase().includes(host)) : links;
  return findDuplicateLink(sameHost, url) ?? null;
}

/** URL → saved link, by the dashboard's duplicate-URL rule: a tab switch is one map look-up. */
export class SavedIndex {
  private readonly byKey = new Map<string, CachedLink>();

  constructor(links: readonly CachedLink[]) {
    // Newest first: the first link with a key wins, as findDuplicateLink would pick it.
    for (const link of links) {
      const key = duplicateUrlKey(link.url);
      if (!this.byKey.has(key)) this.byKey.set(key, link);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  find(url: string | undefined | null): CachedLink | null {
    if (!isWebUrl(url)) return null;
    return this.byKey.get(duplicateUrlKey(url)) ?? null;
  }
}
