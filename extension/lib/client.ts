import { createStorageAreaAdapter, createSupabaseClient, type DataClient } from '~shared/data/client.ts';
import { loadSettings, type ExtensionSettings } from './settings.ts';
import type { StorageArea } from './storage-area.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** A request that hangs (a black-holed server) fails after this long, so the queue can take over. */
const REQUEST_TIMEOUT_MS = 15_000;

function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
}

let cached: { key: string; client: DataClient } | null = null;

/**
 * The context's one supabase-js client (popup, options page or service worker), through the
 * shared factory. Its auth storage is `browser.storage.local`, so all three share one session;
 * an expired token is refreshed on the next call in whichever context makes it.
 */
export async function getDataClient(area: StorageArea, settings?: ExtensionSettings): Promise<DataClient> {
  const current = settings ?? (await loadSettings(area));
  const key = `${current.apiUrl}\n${current.anonKey}`;
  if (cached?.key === key) return cached.client;
  const client = createSupabaseClient({
    url: current.apiUrl,
    anonKey: current.anonKey,
    storage: createStorageAreaAdapter(area),
    storageKey: STORAGE_KEYS.session,
    fetch: fetchWithTimeout,
  });
  cached = { key, client };
  return client;
}
