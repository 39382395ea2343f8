/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  readonly VITE_SITE_URL: string;
  /** "true" only in builds made for end-to-end tests (exposes the worker's handlers). */
  readonly VITE_TEST_HOOKS?: string;
}
