import type { RestEndpoint } from '~shared/data/studio/public-page.ts';

/**
 * The Supabase URL and anon key, once, in the entry chunk (the first-load machinery imports it):
 * every chunk that spelled them out carried its own copy of the key (about 0.1 KB gzipped), and the
 * public pages' JS is budgeted. Imports nothing at runtime.
 */
export const REST_ENDPOINT: RestEndpoint = { url: import.meta.env.VITE_SUPABASE_URL, anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY };
