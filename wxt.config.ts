import { defineConfig } from 'wxt';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { CHROME_EXTENSION_KEY, GECKO_ID } from './shared/extension-identity.ts';

// The API the extension is built for: its host is the only host permission it asks for.
const apiUrl = process.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321';
// Firefox match patterns cannot carry a port ("http://127.0.0.1:54321/*" is refused); without one
// the pattern covers every port of that host in both browsers.
const apiHostPattern = (() => {
  const url = new URL(apiUrl);
  return `${url.protocol}//${url.hostname}/*`;
})();

export default defineConfig({
  srcDir: 'extension',
  // Icons live beside the extension code (extension/public/icon/<size>.png).
  publicDir: 'extension/public',
  // Tests build into a temp dir (WXT_OUT_DIR) so they never overwrite the build `npm start` serves.
  outDir: process.env.WXT_OUT_DIR || '.output',
  // AMO wants the sources of the Firefox build: the extension, shared/ and the build config only.
  zip: {
    excludeSources: ['tests/**', 'web/**', 'supabase/**', 'scripts/**', '.ci/**', '.supabase/**', '**/*.png', '!extension/public/**'],
  },
  // Firefox ESR supports MV3; one manifest shape for both keeps the code paths identical.
  manifestVersion: 3,
  // `wxt/browser` is Mozilla's webextension-polyfill: one promise-based API in Chrome and Firefox
  // (extension/lib/browser.ts is the one import of it).
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: {
        '~shared': path.resolve(import.meta.dirname, 'shared'),
        // No Realtime in this app: supabase-js gets a stand-in (shared/data/realtime-off.ts).
        '@supabase/realtime-js': path.resolve(import.meta.dirname, 'shared/data/realtime-off.ts'),
      },
    },
    build: {
      // No inline source maps or eval anywhere: the extension CSP is script-src 'self'.
      sourcemap: false,
      chunkSizeWarningLimit: 700,
    },
  }),
  manifest: ({ browser }) => ({
    name: 'LinkVault',
    description: 'Save the page you are on, or any link, to LinkVault in one click.',
    // activeTab: the current tab's URL/title only when the user clicks the toolbar button, a menu
    // item or the shortcut. contextMenus: the right-click items. storage: session, settings,
    // offline queue, link cache. alarms: badge refresh, queue retries and the link cache's refresh
    // in a worker that is not always running. tabs: the URL of the tab in view (the toolbar's
    // saved state on each tab switch) and of every tab of the window ('Save all tabs').
    permissions: ['activeTab', 'contextMenus', 'storage', 'alarms', 'tabs'],
    // `lv` + words in the address bar searches the user's links (from the local cache).
    omnibox: { keyword: 'lv' },
    host_permissions: [apiHostPattern],
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    action: { default_title: 'LinkVault' },
    commands: {
      'save-current-tab': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Save the current tab to LinkVault',
      },
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Open the LinkVault popup',
      },
    },
    // A fixed Chrome id (shared/extension-identity.ts): auth allows redirects to this one extension only.
    ...(browser === 'firefox' ? {} : { key: CHROME_EXTENSION_KEY }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            // A fixed id: stable storage across reinstalls, and tests find the moz-extension UUID by it.
            gecko: { id: GECKO_ID, strict_min_version: '115.0', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
});
