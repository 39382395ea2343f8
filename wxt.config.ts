import { defineConfig } from 'wxt';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';

// The API origin the extension may talk to: the only host permission it asks for.
const apiUrl = process.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321';
const apiOrigin = new URL(apiUrl).origin;

export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  // Firefox ESR supports MV3; one manifest shape for both keeps the code paths identical.
  manifestVersion: 3,
  vite: () => ({
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '~shared': path.resolve(import.meta.dirname, 'shared') } },
  }),
  manifest: ({ browser }) => ({
    name: 'LinkVault',
    description: 'Save the page you are on, or any link, to LinkVault in one click.',
    permissions: ['activeTab', 'contextMenus', 'storage', 'alarms'],
    host_permissions: [`${apiOrigin}/*`],
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    ...(browser === 'firefox' ? { browser_specific_settings: { gecko: { id: 'linkvault@example.com', strict_min_version: '115.0' } } } : {}),
  }),
});
