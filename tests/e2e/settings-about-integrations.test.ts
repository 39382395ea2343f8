/**
 * Settings → About and Integrations, in Debian chromium against the real stack: Version and Terms
 * open /settings/about (package.json's version, the licences the build shipped, privacy and
 * support links); Connected apps opens /settings/integrations (the extension's install links and a
 * bookmarklet that really saves the page it runs on). Only Billing still says 'Coming soon.'.
 * Screenshots at 390 and 1280 px in /tmp.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_CATEGORIES } from '../../shared/rules/settings-catalogue.ts';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext, webUrl } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});

const WAIT = 20_000;
const version = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;

async function pageFor(user: ConfirmedUser, opts: { phone?: boolean; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await newContext(browser, { phone: opts.phone, colorScheme: opts.colorScheme, theme: opts.colorScheme ?? 'dark' });
  contexts.push(context);
  await useSessionOf(context, user);
  return { context, page: await context.newPage() };
}

/** Entries that still answer 'Coming soon.': Billing (no paid plan exists) and what is not built yet. */
const COMING_SOON = new Set(['plan', 'payment-methods', 'invoices']);

describe('settings entries', () => {
  it('every entry leads to a page except the ones still coming (Billing above all)', async () => {
    const user = await createConfirmedUser();
    const { page } = await pageFor(user);
    for (const category of SETTINGS_CATEGORIES) {
      for (const item of category.items) {
        await page.goto('/settings');
        await page.getByRole('button', { name: item.label, exact: true }).click();
        if (COMING_SOON.has(item.key)) {
          await expectToast(page, 'Coming soon.', WAIT);
          expect(new URL(page.url()).pathname).toBe('/settings');
        } else {
          await page.waitForURL((url) => url.pathname !== '/settings', { timeout: WAIT });
        }
      }
    }
  });
});

describe('/settings/about', () => {
  it('shows the version, the shipped licences, and links to privacy, data deletion and support', async () => {
    const user = await createConfirmedUser();
    for (const [phone, scheme] of [
      [true, 'light'],
      [false, 'dark'],
    ] as const) {
      const { page } = await pageFor(user, { phone, colorScheme: scheme });
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Version', exact: true }).click();
      await page.waitForURL('**/settings/about');
      expect(await page.getByTestId('app-version').innerText()).toBe(version);
      const list = page.getByTestId('licence-list');
      await list.waitFor({ timeout: WAIT });
      const text = await list.innerText();
      // What the app bundles, with its licence; nothing only the tests or the server use.
      expect(text).toMatch(/react-dom\s+\S+\s+·\s+MIT/);
      expect(text).toContain('@supabase/supabase-js');
      for (const devOnly of ['vitest', 'playwright-core', '@electric-sql/pglite', 'nodemailer']) expect(text).not.toContain(devOnly);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.getByRole('link', { name: 'Privacy policy' }).click();
      await page.waitForURL('**/privacy');
      await page.goBack();
      await page.getByRole('link', { name: 'Data deletion' }).click();
      await page.waitForURL('**/data-deletion');
      await page.goBack();
      await page.getByRole('link', { name: 'Contact support' }).click();
      await page.waitForURL('**/support');
    }
  });
});

describe('/settings/integrations', () => {
  it('links to social sharing and the extension stores; its bookmarklet saves the page it runs on', async () => {
    const user = await createConfirmedUser();
    for (const [phone, scheme] of [
      [true, 'light'],
      [false, 'dark'],
    ] as const) {
      const { page } = await pageFor(user, { phone, colorScheme: scheme });
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Connected apps', exact: true }).click();
      await page.waitForURL('**/settings/integrations');
      await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Get it for Chrome, Edge and Brave' }).getAttribute('href')).toMatch(
        /^https:\/\/chromewebstore\.google\.com\/detail\/[a-p]{32}$/,
      );
      expect(await page.getByRole('link', { name: 'Get it for Firefox' }).getAttribute('href')).toMatch(
        /^https:\/\/addons\.mozilla\.org\//,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    const { context, page } = await pageFor(user);
    await page.goto('/settings/integrations');
    const bookmarklet = page.getByTestId('bookmarklet');
    await expect.poll(() => bookmarklet.getAttribute('href')).toMatch(/^javascript:/);
    const source = (await bookmarklet.getAttribute('href'))!;
    expect(source).toContain(`${webUrl()}/share/receive?url=`);

    // Run it on another page of the site, as a bookmark would: it opens the share-in page, which saves it.
    await page.goto('/privacy');
    const [opened] = await Promise.all([context.waitForEvent('page'), page.evaluate(source.slice('javascript:'.length))]);
    await opened.waitForURL('**/share/receive?url=*');
    const save = opened.getByTestId('share-in-save');
    const savedToast = opened.locator('[data-sonner-toast]', { hasText: 'Link saved successfully!' });
    await save.or(savedToast).first().waitFor({ timeout: WAIT });
    if (await save.isVisible()) await save.click();
    await savedToast.first().waitFor({ timeout: WAIT });
    const saved = await user.client.from('links').select('url').eq('url', `${webUrl()}/privacy`);
    expect(saved.data?.length).toBe(1);
  });

  it('creates a personal API token (shown once), lists its last use, and revokes it', async () => {
    const user = await createConfirmedUser();
    const { page } = await pageFor(user, { phone: true, colorScheme: 'light' });
    await page.goto('/settings/integrations');
    const card = page.getByTestId('integrations-api-tokens');
    await card.getByText('No tokens yet.').waitFor({ timeout: WAIT });

    // Keyboard only: name, scope, create.
    await card.getByLabel('Token name').fill('Reading script');
    await card.getByLabel('Token name').press('Tab');
    await page.keyboard.press('ArrowRight'); // Read → Read and write
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const shown = card.getByTestId('api-token-value');
    await shown.waitFor({ timeout: WAIT });
    const token = await shown.innerText();
    expect(token).toMatch(/^lv_[0-9a-f]{64}$/);
    const row = card.getByTestId('api-token-row').filter({ hasText: 'Reading script' });
    await row.getByText('Read and write').waitFor();
    await row.getByText('Last used: Never').waitFor();

    // The token works with the documented call, then the list shows its use.
    const apiUrl = testStack().url;
    const answer = await fetch(`${apiUrl}/functions/v1/links-api?limit=5`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    await card.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);
    await page.reload();
    await row.waitFor({ timeout: WAIT });
    expect(await row.getByText('Last used: Never').count()).toBe(0);
    // Shown once: after a reload nothing on the page holds it.
    expect(await page.content()).not.toContain(token.slice(12));

    await row.getByRole('button', { name: 'Revoke Reading script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expectToast(page, 'Token revoked', WAIT);
    await row.getByText(/^Revoked/).waitFor({ timeout: WAIT });
    const refused = await fetch(`${apiUrl}/functions/v1/links-api`, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
  });
});
