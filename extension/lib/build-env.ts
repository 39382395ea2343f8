/**
 * What the extension was built against (`VITE_*` at build time, see scripts/lib/build-clients.ts).
 * The options page starts from these values and lets a user point the extension elsewhere.
 */
export const BUILD_DEFAULTS = {
  apiUrl: import.meta.env.VITE_SUPABASE_URL ?? '',
  anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY ?? '',
  dashboardUrl: import.meta.env.VITE_SITE_URL ?? '',
} as const;
