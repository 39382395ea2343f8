import { useEffect, useState } from 'react';
import { browser } from '../../lib/browser.ts';
import { readLinkCache, searchCachedLinks, type CachedLink, type LinkCache } from '../../lib/link-cache.ts';
import type { StorageChange } from '../../lib/storage-area.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/**
 * The user's cached links, read right after the first paint (a 10,000-link cache is a large value,
 * kept out of the boot read) and kept in step with storage (the worker's refreshes, our edits).
 * null while not read yet.
 */
export function useLinkCache(userId: string): LinkCache | null {
  const [cache, setCache] = useState<LinkCache | null>(null);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => {
      void readLinkCache(browser.storage.local, userId).then((found) => {
        if (!active) return;
        const next = found ?? { userId, fetchedAt: 0, links: [] };
        setCache(next);
        // Build the search words of every link now, so the first keystroke is as fast as the rest.
        setTimeout(() => active && searchCachedLinks(next.links, 'a', 1), 0);
      });
    }, 0);
    const listener = (changes: Record<string, StorageChange>, areaName: string) => {
      const change = changes[STORAGE_KEYS.linksCache];
      if (areaName !== 'local' || !change) return;
      const value = change.newValue as LinkCache | undefined;
      setCache(value && value.userId === userId ? value : { userId, fetchedAt: 0, links: [] });
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      active = false;
      clearTimeout(timer);
      browser.storage.onChanged.removeListener(listener);
    };
  }, [userId]);
  return cache;
}

export type { CachedLink };
