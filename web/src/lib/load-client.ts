import type { DataClient } from '~shared/data/client.ts';

let pending: Promise<DataClient> | null = null;
let loaded: DataClient | null = null;
const listeners = new Set<(client: DataClient) => void>();

/** Downloads supabase-js and creates the client on first use; later calls share the same client. */
export function loadClient(): Promise<DataClient> {
  pending ??= import('./supabase-client.ts').then(({ client }) => {
    loaded = client;
    for (const listener of listeners) listener(client);
    listeners.clear();
    return client;
  });
  return pending;
}

/** The client if it was already loaded, else null (no download started). */
export function loadedClient(): DataClient | null {
  return loaded;
}

/** Runs `listener` once the client exists, whoever loads it. */
export function whenClientLoaded(listener: (client: DataClient) => void): void {
  if (loaded) listener(loaded);
  else listeners.add(listener);
}
