import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { BRAND_NAME, LANDING_PAGE_TITLE } from '../shared/constants.ts';
import { webApiRoutes } from '../scripts/lib/web-api.ts';
import { signedInChunk } from './signed-in-chunk.ts';
import { compileHints } from './compile-hints.ts';
import { thirdPartyLicences } from './third-party-licences.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Fills the brand, the landing title and the site URL into index.html (one source: shared/constants.ts). */
function htmlConstants(siteUrl: string): Plugin {
  const values: Record<string, string> = { BRAND_NAME, LANDING_PAGE_TITLE, SITE_URL: siteUrl.replace(/\/+$/, '') };
  return {
    name: 'linkvault-html-constants',
    transformIndexHtml: (html) => html.replace(/%(BRAND_NAME|LANDING_PAGE_TITLE|SITE_URL)%/g, (_, key: string) => values[key]),
  };
}

/** `npm run dev`: the same /api/* forwarding and POST /share/receive as `npm start`'s server. */
function webApi(supabaseUrl: string | undefined, anonKey: string | undefined): Plugin {
  return {
    name: 'linkvault-web-api',
    configureServer(server) {
      if (!supabaseUrl || !anonKey) return;
      const handle = webApiRoutes({ supabaseUrl, anonKey });
      server.middlewares.use((req, res, next) => {
        handle(req, res).then((done) => (done ? undefined : next()), next);
      });
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, repoRoot, 'VITE_'), ...process.env };
  return {
    root: import.meta.dirname,
    envDir: repoRoot,
    plugins: [
      react(),
      tailwindcss(),
      htmlConstants(env.VITE_SITE_URL ?? ''),
      webApi(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY),
      compileHints(import.meta.dirname),
      thirdPartyLicences(),
    ],
    resolve: {
      alias: [
        { find: '~shared', replacement: path.resolve(repoRoot, 'shared') },
        // No Realtime in this app: supabase-js gets a stand-in (shared/data/realtime-off.ts), 57 KB less.
        { find: /^@supabase\/realtime-js$/, replacement: path.resolve(repoRoot, 'shared/data/realtime-off.ts') },
        // react-router's package exports only its development build (dev warnings on every route
        // match); builds take the production one it ships beside it (same code, warnings off).
        ...(mode === 'production'
          ? [
              { find: /^react-router$/, replacement: path.resolve(repoRoot, 'node_modules/react-router/dist/production/index.mjs') },
              {
                find: /^react-router\/dom$/,
                replacement: path.resolve(repoRoot, 'node_modules/react-router/dist/production/dom-export.mjs'),
              },
            ]
          : []),
      ],
    },
    build: {
      // WEB_OUT_DIR lets tests build into their own directory without touching web/dist.
      outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : 'dist',
      emptyOutDir: true,
      // Every browser we support (Chrome, Firefox ESR 128+) has <link rel=modulepreload>: no polyfill
      // in the entry chunk every page loads.
      modulePreload: { polyfill: false },
      sourcemap: process.env.WEB_SOURCEMAP === 'true',
      // WEB_MINIFY=false: readable function names in profiles (benchmark probes only).
      minify: process.env.WEB_MINIFY !== 'false',
      // Signed-in pages share one chunk instead of dozens of small ones (signed-in-chunk.ts).
      rollupOptions: { output: { manualChunks: signedInChunk(import.meta.dirname) } },
    },
    server: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
    preview: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
  };
});
