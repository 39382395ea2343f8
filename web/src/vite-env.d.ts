/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  /** Public address of the site, for canonical links (e.g. https://linkvault.app). */
  readonly VITE_SITE_URL?: string;
  /** Support inbox shown on /support and /data-deletion. */
  readonly VITE_SUPPORT_EMAIL?: string;
}
