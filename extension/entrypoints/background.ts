import { browser } from '../lib/browser.ts';
import { defineBackground } from 'wxt/utils/define-background';
import { startBackground, type BackgroundBrowser } from '../lib/background-app.ts';
import { createVaultApi } from '../lib/vault-api.ts';

export default defineBackground(() => {
  // The polyfilled `browser` (lib/browser.ts); the app uses a narrow view of it, checked against its types.
  const api: BackgroundBrowser = browser;
  const app = startBackground({
    browser: api,
    api: createVaultApi(api.storage.local),
    extensionOrigin: globalThis.location.origin,
    omniboxXml: import.meta.env.BROWSER !== 'firefox',
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
      refreshLinks: () => app.refreshLinks(),
      /** The saved-state check a tab switch runs, timed in the worker (the bench's figure). */
      checkTab: async (tabId: number) => {
        const started = performance.now();
        const link = await app.checkTab(tabId);
        return { saved: !!link, ms: performance.now() - started };
      },
    },
  });
});
