import { browser } from '../../lib/browser.ts';
import type { CategoryOption } from '~shared/ui/category-select.tsx';
import type { TabLike } from '../../lib/menus.ts';
import { countForUser, type QueuedSave } from '../../lib/queue.ts';
import { loadSettings, type ExtensionSettings } from '../../lib/settings.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { storedUser, type StoredUser } from '~shared/rules/stored-session.ts';

/** Everything the popup's first paint needs: one storage read and one tab query, in parallel. */
export interface BootState {
  user: StoredUser | null;
  settings: ExtensionSettings;
  tab: TabLike | null;
  queue: QueuedSave[];
  cachedCategories: CachedCategories | null;
}

/** The user's folders from the last visit ('Recently Saved Links' first, `defaultId` its id). */
export interface CachedCategories {
  userId: string;
  categories: CategoryOption[];
  defaultId: string | null;
  /** The default folder chosen in General settings (preselected), when it is not the usual one. */
  preferredId?: string | null;
}

interface TabWithAccess extends TabLike {
  lastAccessed?: number;
}

/**
 * The tab to save. In the real popup that is the active tab (activeTab grants its URL and title).
 * When popup.html is open in a tab of its own (tests, or a user who pinned it), the active tab is
 * the popup itself, so the most recently used other tab of the window is meant.
 */
export async function currentTab(): Promise<TabLike | null> {
  const [active] = (await browser.tabs.query({ active: true, currentWindow: true })) as TabWithAccess[];
  const own = await browser.tabs.getCurrent?.().catch(() => undefined);
  if (active && (!own || active.id !== own.id)) return active;
  const others = ((await browser.tabs.query({ currentWindow: true })) as TabWithAccess[])
    .filter((tab) => tab.id !== own?.id)
    .sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0));
  return others[0] ?? null;
}

export async function readBootState(): Promise<BootState> {
  const area = browser.storage.local;
  const [items, settings, tab] = await Promise.all([
    area.get([STORAGE_KEYS.session, STORAGE_KEYS.queue, STORAGE_KEYS.categoriesCache]),
    loadSettings(area),
    currentTab().catch(() => null),
  ]);
  const user = storedUser(items[STORAGE_KEYS.session]);
  const cached = items[STORAGE_KEYS.categoriesCache] as CachedCategories | undefined;
  return {
    user,
    settings,
    tab,
    queue: (items[STORAGE_KEYS.queue] as QueuedSave[] | undefined) ?? [],
    cachedCategories: cached && user && cached.userId === user.userId ? cached : null,
  };
}

export { countForUser };
