import fs from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { eventually, restRows } from './ext/helpers.ts';
import { startSite } from './ext/site.ts';

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
    // The popup's size comes from the window: Firefox ESR 140's BiDi lacks the screen-orientation
    // command that puppeteer's setViewport sends.
    args: ['--remote-allow-system-access', '--window-size=380,600'],
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
    // 'Create an account' opens the web app's Sign Up tab.
    const signUpHref = await page.evaluate(
      () => [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('Create an account'))?.getAttribute('href') ?? null,
    );
    expect(signUpHref).toBe(`${ext.siteUrl}/auth?tab=signup`);
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
    // Closed, so the next test's popup (a tab of its own) takes the article as the page to save.
    await page.close();
  });

  it('the folder picker shows nesting, and the popup says the current page is already saved and where', async () => {
    const site = await startSite();
    try {
      const insertFolder = async (name: string, parent: string | null) => {
        const { data, error } = await user.client
          .from('categories')
          .insert({ user_id: user.user.id, name, parent_category_id: parent })
          .select('id')
          .single();
        if (error) throw error;
        return data.id;
      };
      const work = await insertFolder('Work', null);
      const reading = await insertFolder('Reading', work);
      const pageUrl = `${site.url}/Already-in-Reading`;
      const saved = await user.client.rpc('save_link', {
        link_title: 'Already in Reading',
        link_url: pageUrl,
        chosen_category_id: reading,
      });
      expect(saved.error).toBeNull();

      const article = await browser.newPage();
      await article.goto(pageUrl);
      // The popup in a tab saves the most recently used other tab: this one.
      await article.bringToFront();
      const popup = await openPopup();
      await popup.waitForSelector('[data-testid="already-saved"]', { timeout: 20_000 }).catch(async (error: unknown) => {
        const shown = await popup.evaluate(() => document.body.innerText).catch(() => '(unreadable)');
        throw new Error(`${String(error)}; the popup showed: ${shown.slice(0, 400)}`);
      });
      expect(await popup.$eval('[data-testid="already-saved"]', (el) => (el as HTMLElement).innerText)).toBe(
        'Already saved in Work › Reading.',
      );
      const options = await eventually(
        async () => {
          const texts = await popup.$$eval('select[name="categoryId"] option', (els) =>
            els.map((el) => (el.textContent ?? '').replace(/\u00a0/g, ' ')),
          );
          return texts.some((t) => t.includes('Reading')) ? texts : undefined;
        },
        10_000,
        'the nested folder option',
      );
      const workAt = options.findIndex((t) => t.trim() === 'Work');
      expect(workAt).toBeGreaterThan(-1);
      expect(options[workAt + 1]).toMatch(/^ {2}↳ (Work › )?Reading$/);
      // It starts on the folder the page is in, so adding it again keeps it there.
      await eventually(
        async () => /Reading$/.test(await popup.$eval('select[name="categoryId"]', (el) => el.selectedOptions[0]?.textContent ?? '')),
        10_000,
        'the saved folder preselected',
      );
      await popup.close();
      await article.close();
    } finally {
      await site.close();
    }
  });
});
