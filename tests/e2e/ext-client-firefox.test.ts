import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { eventually, restRows } from './ext/helpers.ts';
import { startSite } from './ext/site.ts';

/**
 * The popup as a full client in Firefox ESR (puppeteer-core over WebDriver BiDi, as
 * ext-firefox.test.ts): search and open, edit the current page's saved link, save all tabs. The
 * popup's size comes from --window-size (BiDi has no setViewport here). The omnibox cannot be
 * driven; its suggestion logic is unit-tested.
 */
const GECKO_ID = 'linkvault@example.com';
const UUID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const stack = testStack();
const ext = inject('extension');
let browser: Browser;
let user: ConfirmedUser;
let site: Awaited<ReturnType<typeof startSite>>;

async function openPopup(): Promise<Page> {
  const page = await browser.newPage();
  page.goto(`moz-extension://${UUID}/popup.html`).catch(() => undefined);
  await page.waitForSelector('body[data-ready]', { timeout: 20_000 });
  return page;
}

async function saveViaApi(title: string, url: string) {
  const saved = await user.client.rpc('save_link', { link_title: title, link_url: url });
  if (saved.error) throw saved.error;
}

const linkRows = (query: string) =>
  restRows<{ id: string; title: string; url: string }>(
    stack.url,
    stack.serviceRoleKey,
    `links?user_id=eq.${user.user.id}&${query}&select=id,title,url`,
  );

beforeAll(async () => {
  site = await startSite();
  user = await createConfirmedUser({ firstName: 'Flo', lastName: 'Finder' });
  await saveViaApi('Rust ownership guide', `${site.url}/Rust-ownership-guide`);
  await saveViaApi('Gardening in small spaces', `${site.url}/Gardening-in-small-spaces`);
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    args: ['--remote-allow-system-access', '--window-size=380,600'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: UUID }) },
  });
  expect(await browser.installExtension(ext.firefox)).toBe(GECKO_ID);
  const page = await openPopup();
  await page.type('input[name="email"]', user.email);
  await page.type('input[name="password"]', STRONG_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForSelector('form[aria-label="Save this page"]', { timeout: 20_000 });
  await page.close();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('Firefox ESR extension as a client', () => {
  it('search finds a saved link (the cache filled at sign-in) and Enter opens it in a new tab', async () => {
    const popup = await openPopup();
    await eventually(
      async () => (await popup.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Search your links',
      5_000,
      'the focused search box',
    );
    await eventually(
      async () => (await popup.$$eval('[role="listbox"] [role="option"]', (els) => els.length)) === 2,
      20_000,
      'the recent links from the cache',
    );
    await popup.type('input[aria-label="Search your links"]', 'own rus');
    await eventually(
      async () => {
        const titles = await popup.$$eval('[aria-label="Matching links"] [role="option"]', (els) => els.map((el) => el.textContent ?? ''));
        return titles.length === 1 && titles[0].includes('Rust ownership guide');
      },
      10_000,
      'one match',
    );
    const target = browser.waitForTarget((t) => t.url() === `${site.url}/Rust-ownership-guide`, { timeout: 15_000 });
    // Enter opens the link and closes the popup (its page may be gone before the key press returns).
    await popup.keyboard.press('Enter').catch(() => undefined);
    await (await (await target).page())?.close();
  });

  it("edits the current page's saved link (title) in the popup", async () => {
    const url = `${site.url}/Gardening-in-small-spaces`;
    const article = await browser.newPage();
    await article.goto(url);
    const popup = await openPopup();
    await popup.waitForSelector('form[aria-label="Edit saved link"]', { timeout: 20_000 });
    await popup.waitForSelector('form[aria-label="Edit saved link"] textarea[name="notes"]:not([disabled])', { timeout: 15_000 });
    await popup.evaluate(() =>
      (document.querySelector('form[aria-label="Edit saved link"] input[name="title"]') as HTMLInputElement).select(),
    );
    await popup.type('form[aria-label="Edit saved link"] input[name="title"]', 'Gardening on a balcony');
    await popup.click('form[aria-label="Edit saved link"] button[type="submit"]');
    const [row] = await eventually(
      async () => {
        const rows = await linkRows(`url=eq.${encodeURIComponent(url)}`);
        return rows[0]?.title === 'Gardening on a balcony' ? rows : undefined;
      },
      15_000,
      'the new title in the database',
    );
    expect(row.title).toBe('Gardening on a balcony');
    await popup.close();
    await article.close();
  });

  it("'Save all tabs' saves the window's new pages and skips the saved one", async () => {
    const pages: Page[] = [];
    for (const path of ['Fox-tab-one', 'Fox-tab-two', 'Rust-ownership-guide']) {
      const page = await browser.newPage();
      await page.goto(`${site.url}/${path}`);
      pages.push(page);
    }
    const popup = await openPopup();
    await popup.waitForSelector('[data-ready]');
    const button = await popup.waitForSelector('::-p-text(Save all tabs)');
    await button!.click();
    await popup.waitForSelector('[data-testid="save-all-plan"]::-p-text(already saved)', { timeout: 15_000 });
    const save = await popup.waitForSelector('[data-testid="save-all-tabs"] button::-p-text(Save )');
    await save!.click();
    await popup.waitForSelector('[data-testid="save-all-report"]', { timeout: 20_000 });
    const report = await popup.$eval('[data-testid="save-all-report"]', (el) => el.textContent ?? '');
    expect(report).toMatch(/^Saved \d+ tabs? to Tabs \d{4}-\d{2}-\d{2}.*\. \d+ already saved, skipped\.$/);
    for (const path of ['Fox-tab-one', 'Fox-tab-two'])
      expect(await linkRows(`url=eq.${encodeURIComponent(`${site.url}/${path}`)}`)).toHaveLength(1);
    expect(await linkRows(`url=eq.${encodeURIComponent(`${site.url}/Rust-ownership-guide`)}`)).toHaveLength(1);
    await popup.close();
    for (const page of pages) await page.close();
  });
});
