import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground, type BackgroundBrowser } from '../lib/background-app.ts';
import { createVaultApi } from '../lib/vault-api.ts';

export default defineBackground(() => {
  // WXT's `browser` is chrome.* (promise-based in MV3) or Firefox's browser.*; the app uses a narrow view of it.
  const api = browser as unknown as BackgroundBrowser;
  const app = startBackground({
    browser: api,
    api: createVaultApi(api.storage.local),
    extensionOrigin: globalThis.location.origin,
  });
  // For the end-to-end tests (Playwright's worker.evaluate): the same handlers the menus, the
  // shortcut and the alarms call, since native menus cannot be clicked headless. Only test builds
  // (VITE_TEST_HOOKS) have them; release builds leave the global untouched.
  if (import.meta.env.VITE_TEST_HOOKS !== 'true') return;
  Object.assign(globalThis, {
    linkvaultTestHooks: {
      onMenuClicked: app.onMenuClicked,
      onCommand: app.onCommand,
      refreshBadge: () => app.badge.refresh(),
      flushQueue: (force = false) => app.flushQueue(force),
      queue: () => app.queue.list(),
    },
  });
});
