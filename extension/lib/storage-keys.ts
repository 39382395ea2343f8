import { AUTH_STORAGE_KEY } from '~shared/rules/stored-session.ts';

/**
 * Every key the extension keeps in `browser.storage.local`. The popup, the options page and the
 * service worker all read the same keys; only the worker writes the queue and the badge count.
 */
export const STORAGE_KEYS = {
  /** The supabase-js session, written by supabase-js through the storage adapter (lib/client.ts passes this key). */
  session: AUTH_STORAGE_KEY,
  /** User-chosen API URL, anon key and dashboard URL (options page). */
  settings: 'linkvault:settings',
  /** Saves waiting for the server (offline queue). */
  queue: 'linkvault:queue',
  /** The last pending-incoming count shown on the badge. */
  badgeCount: 'linkvault:badge-count',
  /** The user's folders from the last popup visit, so the select is filled before the network answers. */
  categoriesCache: 'linkvault:categories',
  /** What the last background save (menu, shortcut, queue) did, for the popup to report. */
  lastBackgroundSave: 'linkvault:last-background-save',
  /** The signed-in user's saved appearance (theme, accent, density), so the popup paints it at once. */
  appearance: 'linkvault:appearance',
  /** The signed-in user's links (lib/link-cache.ts): search, omnibox and the toolbar's saved state, offline. */
  linksCache: 'linkvault:links',
} as const;
