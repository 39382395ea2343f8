import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../setup/chromium-args.ts';

/** Debian's Chromium with the built extension loaded (a persistent context is required for extensions). */
const CHROMIUM = '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** chrome-extension://ID */
  origin: string;
  close(): Promise<void>;
}

export async function launchWithExtension(extensionDir: string, opts: { colorScheme?: 'light' | 'dark' } = {}): Promise<ExtensionBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lv-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    colorScheme: opts.colorScheme ?? 'light',
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    worker,
    extensionId,
    origin: `chrome-extension://${extensionId}`,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The current service worker (MV3 workers stop when idle and come back as a new Worker). */
export async function currentWorker(browser: ExtensionBrowser): Promise<Worker> {
  const live = browser.context.serviceWorkers().find((worker) => worker.url().startsWith(browser.origin));
  return live ?? (await browser.context.waitForEvent('serviceworker', { timeout: 20_000 }));
}

/** Opens popup.html in a tab (the toolbar popup itself cannot be driven headless). */
export async function openPopup(browser: ExtensionBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${browser.origin}/popup.html`);
  await page.waitForSelector('body[data-ready]');
  return page;
}
