import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { BRAND_NAME, LANDING_PAGE_TITLE } from '../shared/constants.ts';
import { webApiRoutes } from '../scripts/lib/web-api.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Fills the brand, the landing title and the site URL into index.html (one source: shared/constants.ts). */
function htmlConstants(siteUrl: string): Plugin {
  const values: Record<string, string> = { BRAND_NAME, LANDING_PAGE_TITLE, SITE_URL: siteUrl.replace(/\/+$/, '') };
  return {
    name: 'linkvault-html-constants',
    transformIndexHtml: (html) => html.replace(/%(BRAND_NAME|LANDING_PAGE_TITLE|SITE_URL)%/g, (_, key: string) => values[key]),
  };
}

/**
 * The app chunk (src/render-app.tsx: React and the routes) is a dynamic import of the tiny entry, so
 * the entry can start a signed-in page's data first; preloading it and its imports from the HTML keeps
 * every page from paying an extra round trip for it.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'linkvault-preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        // Its facade can be null (Rollup merges it with modules only it uses): find it by module.
        const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/render-app.tsx')));
        if (!app) throw new Error('preloadAppChunk: no chunk holds src/render-app.tsx');
        const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
        const files = [app.fileName, ...app.imports].filter((file) => !entries.has(file));
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
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
    plugins: [react(), tailwindcss(), htmlConstants(env.VITE_SITE_URL ?? ''), preloadAppChunk(), webApi(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY)],
    resolve: { alias: { '~shared': path.resolve(repoRoot, 'shared') } },
    build: {
      // WEB_OUT_DIR lets tests build into their own directory without touching web/dist.
      outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : 'dist',
      emptyOutDir: true,
      sourcemap: false,
      // WEB_MINIFY=false: readable function names in profiles (benchmark probes only).
      minify: process.env.WEB_MINIFY !== 'false',
    },
    server: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
    preview: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
  };
});
