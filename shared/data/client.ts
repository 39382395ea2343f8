import { createClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from '../rules/stored-session.ts';
import type { Database } from './database.ts';

/**
 * Where the auth session lives. The web app passes `window.localStorage`; the extension passes
 * {@link createStorageAreaAdapter}(browser.storage.local) so the popup and the MV3 service worker
 * (which has no localStorage) share one session. Sync or async methods both work.
 */
export interface AuthStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export interface CreateSupabaseClientOptions {
  url: string;
  anonKey: string;
  storage: AuthStorage;
  /**
   * Let supabase-js read tokens from the URL itself. Off by default: the /auth page reads
   * access_token/refresh_token/type/error from the hash itself (part 1 §2), and an extension
   * page or a service worker has no auth callback URL.
   */
  detectSessionInUrl?: boolean;
  /** Session key in the storage; both extension contexts must use the same one (the default does). */
  storageKey?: string;
  /** For tests: a custom fetch. */
  fetch?: typeof fetch;
}

/**
 * The client the factory below creates, typed by the schema (database.ts): every `.from()` and
 * `.rpc()` call checks its table, columns, arguments and result against the migrations.
 */
export type DataClient = ReturnType<typeof createSupabaseClient>;

/**
 * The one place a supabase-js client is created. The session is persisted in the injected
 * storage and refreshed automatically (part 1 §7). Nothing here touches window or the DOM.
 */
export function createSupabaseClient(options: CreateSupabaseClientOptions) {
  return createClient<Database>(options.url, options.anonKey, {
    auth: {
      storage: options.storage,
      storageKey: options.storageKey ?? AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: options.detectSessionInUrl ?? false,
    },
    global: options.fetch ? { fetch: options.fetch } : undefined,
  });
}

/** The part of `browser.storage.local` / `chrome.storage.local` the adapter needs. */
export interface StorageAreaLike {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/** Adapts an extension storage area (async, object-valued) to the auth storage interface. */
export function createStorageAreaAdapter(area: StorageAreaLike): AuthStorage {
  return {
    async getItem(key) {
      const items = await area.get(key);
      const value = items[key];
      return typeof value === 'string' ? value : null;
    },
    async setItem(key, value) {
      await area.set({ [key]: value });
    },
    async removeItem(key) {
      await area.remove(key);
    },
  };
}

/** A storage that keeps the session in memory only (tests, or a context that must not persist). */
export function createMemoryStorage(): AuthStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
