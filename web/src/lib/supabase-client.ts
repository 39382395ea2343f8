import { createSupabaseClient, type DataClient } from '~shared/data/client.ts';
import { fetchWithEarlyRpcs } from '~shared/data/early-rpc-fetch.ts';

/**
 * The web app's one supabase-js client. This module is only ever imported dynamically (see
 * load-client.ts) so pages that need no data, like the landing page, never download supabase-js.
 */
export const client: DataClient = createSupabaseClient({
  url: import.meta.env.VITE_SUPABASE_URL,
  anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY,
  storage: window.localStorage,
  // A first load's data requests may already be under way (app/route-preload.ts).
  fetch: fetchWithEarlyRpcs(),
});
