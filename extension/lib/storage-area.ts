import type { StorageAreaLike } from '~shared/data/client.ts';
import { storedUser, type StoredUser } from '~shared/rules/stored-session.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The part of `browser.storage.local` the extension uses: the shared auth adapter's needs plus
 * change events. WXT's `browser.storage.local` and the fake browser in unit tests both fit.
 */
export type StorageArea = StorageAreaLike;

export interface StorageChange {
  oldValue?: unknown;
  newValue?: unknown;
}

type StorageChangedListener = (changes: Record<string, StorageChange>, areaName: string) => unknown;

export interface StorageChangedEvent {
  addListener(callback: StorageChangedListener): void;
  removeListener(callback: StorageChangedListener): void;
}

/** Reads one key; undefined when absent. */
export async function readKey<T>(area: StorageArea, key: string): Promise<T | undefined> {
  const items = await area.get(key);
  return items[key] as T | undefined;
}

/** Who is signed in, from the session supabase-js stored (no supabase-js, so one read decides). */
export async function readStoredUser(area: StorageArea): Promise<StoredUser | null> {
  return storedUser(await readKey<string>(area, STORAGE_KEYS.session));
}
