import type { Browser } from 'webextension-polyfill';
import { browser as wxtBrowser } from 'wxt/browser';

/**
 * The extension's one `browser`: Mozilla's webextension-polyfill, the same promise-based API in
 * Chrome and Firefox. WXT's polyfill module (wxt.config.ts `modules`) points `wxt/browser` at the
 * polyfill when building; WXT's own types for `wxt/browser` describe Chrome's `chrome.*`, so the
 * polyfill's types are stated here. Every extension page and the service worker import this one,
 * never `wxt/browser` or a `chrome`/`browser` global (eslint.config.js enforces it).
 */
export const browser: Browser = wxtBrowser as unknown as Browser;
