import { BRAND_NAME } from '~shared/constants.ts';
import { SavedIndex, readLinkCache, type CachedLink } from './link-cache.ts';
import type { StorageArea } from './storage-area.ts';

/** The toolbar icon's per-tab part: the icon and tooltip of one tab. */
export interface TabActionApi {
  setIcon(details: { tabId: number; path: Record<string, string> }): Promise<void> | void;
  setTitle(details: { tabId: number; title: string | null }): Promise<void> | void;
}

/**
 * The icon a saved page shows: the same mark in green. Chosen over a badge state because the badge
 * already carries the incoming-share count, which must stay visible on every tab.
 */
export const SAVED_ICON = { '16': '/icon/saved-16.png', '32': '/icon/saved-32.png' } as const;
export const DEFAULT_ICON = { '16': '/icon/16.png', '32': '/icon/32.png' } as const;

const savedTitle = (link: Pick<CachedLink, 'title'>) => `${BRAND_NAME} — saved: ${link.title}`;

export interface SavedStateDeps {
  area: StorageArea;
  action: TabActionApi;
  currentUserId: () => Promise<string | null>;
  /** The global tooltip (the incoming count), for a browser that cannot clear a tab's own one. */
  defaultTitle: () => Promise<string>;
}

/**
 * Whether each tab's page is already saved, from the local link cache: no request per tab switch.
 * The index is built once per worker start (and when the cache changes), then a check is one map
 * look-up and a per-tab icon/tooltip.
 */
export class SavedState {
  private loaded: Promise<{ index: SavedIndex; links: readonly CachedLink[] }> | null = null;
  /** What each tab shows now, so an unchanged state is not set again. */
  private readonly shown = new Map<number, string | null>();

  constructor(private readonly deps: SavedStateDeps) {}

  /** The signed-in user's cached links and their index (empty when signed out or not cached yet). */
  private load() {
    this.loaded ??= (async () => {
      const userId = await this.deps.currentUserId();
      const links = (userId ? await readLinkCache(this.deps.area, userId) : null)?.links ?? [];
      return { index: new SavedIndex(links), links };
    })();
    return this.loaded;
  }

  /** The cache or the user changed: read again on the next check. */
  reset(): void {
    this.loaded = null;
  }

  /** The cached links, newest first (the omnibox searches them). */
  async links(): Promise<readonly CachedLink[]> {
    return (await this.load()).links;
  }

  async find(url: string | undefined | null): Promise<CachedLink | null> {
    return (await this.load()).index.find(url);
  }

  /** Sets one tab's icon and tooltip for its URL; returns the saved link, if any. */
  async check(tabId: number, url: string | undefined | null): Promise<CachedLink | null> {
    const link = await this.find(url);
    const state = link ? link.id + link.title : null;
    if (this.shown.get(tabId) === state && this.shown.has(tabId)) return link;
    this.shown.set(tabId, state);
    await this.deps.action.setIcon({ tabId, path: { ...(link ? SAVED_ICON : DEFAULT_ICON) } });
    if (link) await this.deps.action.setTitle({ tabId, title: savedTitle(link) });
    else await this.clearTitle(tabId);
    return link;
  }

  /** Back to the global tooltip: null clears a tab's own title (Firefox); Chrome's schema wants a string. */
  private async clearTitle(tabId: number): Promise<void> {
    try {
      await this.deps.action.setTitle({ tabId, title: null });
    } catch {
      await this.deps.action.setTitle({ tabId, title: await this.deps.defaultTitle() });
    }
  }

  forget(tabId: number): void {
    this.shown.delete(tabId);
  }
}
