/**
 * Settings → General, in Debian chromium against the real stack: Language, Region & time zone and
 * Default view open /settings/general; each preference saves at once and applies everywhere (the
 * Add Link folder, how a link's address opens, Delete Link without asking, the page after sign-in,
 * a share-in). Screenshots at 390 and 1280 px in /tmp.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { card, createCategory, savedCategoryId, section, seedLinks, useSessionOf, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext, signInThroughForm, webUrl } from './web-browser.ts';

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

async function contextFor(user: ConfirmedUser, opts: { phone?: boolean; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await newContext(browser, { phone: opts.phone, colorScheme: opts.colorScheme, theme: opts.colorScheme ?? 'dark' });
  contexts.push(context);
  await useSessionOf(context, user);
  return context;
}

async function preferencesOf(user: ConfirmedUser) {
  const { data, error } = await user.client.from('user_preferences').select('*').eq('user_id', user.user.id).maybeSingle();
  if (error) throw error;
  return data;
}

describe('/settings/general', () => {
  it('Language, Region & time zone and Default view open the General page; readable at 390 and 1280 px', async () => {
    const user = await createConfirmedUser();
    for (const [phone, scheme] of [
      [true, 'light'],
      [false, 'dark'],
    ] as const) {
      const page = await (await contextFor(user, { phone, colorScheme: scheme })).newPage();
      for (const entry of ['Language', 'Region & time zone', 'Default view']) {
        await page.goto('/settings');
        await page.getByRole('button', { name: entry, exact: true }).click();
        await page.waitForURL('**/settings/general');
        await page.getByRole('heading', { name: 'General', level: 1 }).waitFor();
      }
      for (const title of ['Default view', 'Language', 'Region & time zone', 'Import & export'])
        await page.getByRole('heading', { name: title, level: 2 }).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByRole('link', { name: 'Open Import & export' }).click();
      await page.waitForURL('**/settings/data');
    }
  });

  it('saves each choice at once and every screen follows: Add Link folder, link address, delete without asking, start page, share-in', async () => {
    const user = await createConfirmedUser();
    const reading = await createCategory(user.client, user.user.id, 'Reading');
    const context = await contextFor(user);
    const page = await context.newPage();
    await page.goto('/settings/general');
    const defaults = page.getByTestId('general-defaults');
    await defaults.getByLabel('Default folder for new saves').waitFor();

    // Keyboard: the select and the radios are reachable and change with the keys.
    await defaults.getByLabel('Default folder for new saves').selectOption({ label: 'Reading' });
    await expectToast(page, 'Saved', WAIT);
    await expect.poll(async () => (await preferencesOf(user))?.default_category_id, { timeout: WAIT }).toBe(reading);
    await defaults.getByLabel('In the same tab').click();
    await expect.poll(async () => (await preferencesOf(user))?.open_links, { timeout: WAIT }).toBe('same_tab');
    const confirm = defaults.getByRole('switch', { name: 'Confirm before deleting' });
    await confirm.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await preferencesOf(user))?.confirm_delete, { timeout: WAIT }).toBe(false);
    await defaults.getByLabel('A folder').click();
    await defaults.getByLabel('Start folder').selectOption({ label: 'Reading' });
    await expect.poll(async () => (await preferencesOf(user))?.start_category_id, { timeout: WAIT }).toBe(reading);
    expect((await preferencesOf(user))?.start_page).toBe('folder');

    // Add Link starts in the chosen folder, in this same session (no reload).
    await page.getByRole('link', { name: '← Settings' }).click();
    await page.waitForURL('**/settings');
    await page.goto('/dashboard');
    await waitForGrid(page);
    const editor = page.getByTestId('link-editor');
    await expect.poll(() => editor.getByLabel('Category').inputValue(), { timeout: WAIT }).toBe(reading);
    await editor.getByLabel('Title').fill('Kept for later');
    await editor.getByLabel('URL').fill('https://kept-for-later.example.com');
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expect
      .poll(
        async () =>
          (await user.client.from('links').select('second_category_id').eq('url', 'https://kept-for-later.example.com').maybeSingle()).data
            ?.second_category_id,
        { timeout: WAIT },
      )
      .toBe(reading);

    // Delete Link deletes at once (no question).
    const [privacyId] = await seedLinks(user, [{ title: 'Privacy page', url: `${webUrl()}/privacy` }]);
    const [gone] = await seedLinks(user, [{ title: 'Short lived', url: 'https://short-lived.example.com' }]);
    await page.reload();
    await waitForGrid(page);
    const saved = section(page, 'Recently Saved Links');
    await card(saved, 'Short lived').hover();
    await card(saved, 'Short lived').getByRole('button', { name: 'Delete Link' }).click();
    await expect.poll(async () => (await user.client.from('links').select('id').eq('id', gone)).data?.length, { timeout: WAIT }).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // The address opens in this same tab.
    await card(saved, 'Privacy page')
      .getByRole('link', { name: `${webUrl()}/privacy` })
      .click();
    await page.waitForURL(/\/privacy$/, { timeout: WAIT });
    await expect
      .poll(async () => (await user.client.from('links').select('access_count').eq('id', privacyId).single()).data?.access_count)
      .toBe(1);

    // A share-in (generic) lands in the default folder.
    await page.goto(`/share/receive?url=${encodeURIComponent('https://shared-in.example.com/page')}`);
    // Saved at once when the server vouches for the visit, else after Save.
    const saveButton = page.getByTestId('share-in-save');
    const savedToast = page.locator('[data-sonner-toast]', { hasText: 'Link saved successfully!' });
    await saveButton.or(savedToast).first().waitFor({ timeout: WAIT });
    if (await saveButton.isVisible()) await saveButton.click();
    await savedToast.first().waitFor({ timeout: WAIT });
    const sharedIn = await user.client.from('links').select('category_id').eq('url', 'https://shared-in.example.com/page').single();
    expect(sharedIn.data?.category_id).toBe(reading);

    // Signing in lands on the start folder.
    const fresh = await newContext(browser, {});
    contexts.push(fresh);
    const signIn = await fresh.newPage();
    await signInThroughForm(signIn, user.email, user.password);
    await signIn.waitForURL(`**/category/${reading}`, { timeout: WAIT });

    // Back to the defaults: the dashboard, a new tab, asking first.
    await page.goto('/settings/general');
    await defaults.getByLabel('Dashboard').click();
    await expect.poll(async () => (await preferencesOf(user))?.start_page, { timeout: WAIT }).toBe('dashboard');
    expect((await preferencesOf(user))?.start_category_id).toBeNull();
    await defaults.getByLabel('Default folder for new saves').selectOption({ value: '' });
    await expect.poll(async () => (await preferencesOf(user))?.default_category_id, { timeout: WAIT }).toBeNull();
    expect(await savedCategoryId(user.client)).toBeTruthy();
  });
});
