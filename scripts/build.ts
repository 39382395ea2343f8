import { loadConfig } from '../supabase/local/config.ts';
import { buildExtension, buildWeb } from './lib/build-clients.ts';

/**
 * `npm run build`: web/dist plus extension zips for Chrome and Firefox. Built against
 * VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY when set (a hosted project), else the local stack's defaults.
 */
const config = loadConfig();
const env = {
  supabaseUrl: process.env.VITE_SUPABASE_URL || config.publicUrl,
  anonKey: process.env.VITE_SUPABASE_ANON_KEY || config.anonKey,
  siteUrl: process.env.VITE_SITE_URL || config.siteUrl,
};
console.log(`Building for API ${env.supabaseUrl}`);
await buildWeb(env);
await buildExtension(env, { zip: true });
console.log('Done: web/dist and .output/*.zip');
