import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { BRAND_NAME, LANDING_PAGE_TITLE } from '../shared/constants.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Fills the brand, the landing title and the site URL into index.html (one source: shared/constants.ts). */
function htmlConstants(siteUrl: string): Plugin {
  const values: Record<string, string> = { BRAND_NAME, LANDING_PAGE_TITLE, SITE_URL: siteUrl.replace(/\/+$/, '') };
  return {
    name: 'linkvault-html-constants',
    transformIndexHtml: (html) => html.replace(/%(BRAND_NAME|LANDING_PAGE_TITLE|SITE_URL)%/g, (_, key: string) => values[key]),
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, repoRoot, 'VITE_'), ...process.env };
  return {
    root: import.meta.dirname,
    envDir: repoRoot,
    plugins: [react(), tailwindcss(), htmlConstants(env.VITE_SITE_URL ?? '')],
    resolve: { alias: { '~shared': path.resolve(repoRoot, 'shared') } },
    build: {
      // WEB_OUT_DIR lets tests build into their own directory without touching web/dist.
      outDir: process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : 'dist',
      emptyOutDir: true,
      sourcemap: false,
    },
    server: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
    preview: { host: '127.0.0.1', port: Number(process.env.WEB_PORT || 3000), strictPort: true },
  };
});
