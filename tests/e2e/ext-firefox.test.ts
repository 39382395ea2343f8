import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { ARTIFACTS, eventually, restRows } from './ext/helpers.ts';

/**
 * The Firefox build in Firefox ESR, driven by puppeteer-core over WebDriver BiDi.
 * - `browser.installExtension(dir)` installs it as a temporary add-on (no signing needed).
 * - The moz-extension UUID is random per profile; the `extensions.webextensions.uuids` pref maps
 *   add-on ids to UUIDs, so presetting it for our fixed gecko id (linkvault@example.com) gives a
 *   known popup URL.
 * - BiDi refuses to navigate to moz-extension: URLs unless Firefox runs with
 *   `--remote-allow-system-access`; the extension page then loads in the extension process and
 *   puppeteer reports the navigation as a detached frame, so the test waits for the page's own
 *   ready marker instead of the navigation promise.
 */
const GECKO_ID = 'linkvault@example.com';
const UUID = '3f9d6c1e-7a52-4b8e-9c4d-2e1f0a6b5c7d';
const stack = testStack();
const ext = inject('extension');
let browser: Browser;
let user: ConfirmedUser;

async function openPopup(): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 380, height: 600 });
  page.goto(`moz-extension://${UUID}/popup.html`).catch(() => undefined);
  await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
  return page;
}

beforeAll(async () => {
  user = await createConfirmedUser({ firstName: 'Fiona', lastName: 'Fox' });
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }) },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('Firefox ESR extension', () => {
  it('installs the Firefox build, and its popup signs in and saves a link', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ext.firefox, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.host_permissions).toEqual([`http://${new URL(stack.url).hostname}/*`]);
    expect(await browser.installExtension(ext.firefox)).toBe(GECKO_ID);

    const page = await openPopup();
    expect(await page.evaluate(() => document.body.dataset.ready)).toBe('signed-out');
    await page.type('input[name="email"]', user.email);
    await page.type('input[name="password"]', STRONG_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('form[aria-label="Save this page"]', { timeout: 20_000 });

    const url = 'https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions';
    await page.evaluate(() => {
      (document.querySelector('input[name="title"]') as HTMLInputElement).select();
    });
    await page.type('input[name="title"]', 'WebExtensions on MDN');
    await page.evaluate(() => (document.querySelector('input[name="url"]') as HTMLInputElement).select());
    await page.type('input[name="url"]', url);
    await page.click('form[aria-label="Save this page"] button[type="submit"]');
    await page.waitForSelector('[data-testid="save-result"][data-kind="saved"]', { timeout: 20_000 });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'ext-firefox-popup-saved.png') });

    const rows = await eventually(
      async () => {
        const found = await restRows<{ title: string; url: string }>(
          stack.url,
          stack.serviceRoleKey,
          `links?user_id=eq.${user.user.id}&select=title,url`,
        );
        return found.length > 0 ? found : undefined;
      },
      10_000,
      'the saved link',
    );
    expect(rows).toEqual([{ title: 'WebExtensions on MDN', url }]);
  });
});
