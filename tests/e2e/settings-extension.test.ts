/**
 * The extension popup wears the appearance saved on /settings/appearance (theme and
 * accent), and follows it when it changes; signed out it follows the system again.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser } from '../setup/clients.ts';
import { useSessionOf } from './dashboard-helpers.ts';
import { launchWithExtension, openPopup, type ExtensionBrowser } from './ext/browser.ts';
import { signInThroughPopup } from './ext/helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';
import type { Browser, Page } from 'playwright-core';

const ext = inject('extension');
let extBrowser: ExtensionBrowser;
let web: Browser;

beforeAll(async () => {
  [extBrowser, web] = await Promise.all([launchWithExtension(ext.chrome), launchChromium()]);
});
afterAll(async () => {
  await extBrowser?.close();
  await web?.close();
});

const htmlState = (page: Page) =>
  page.evaluate(() => ({
    classes: document.documentElement.className,
    theme: document.documentElement.dataset.theme ?? null,
    primary: document.documentElement.style.getPropertyValue('--primary'),
  }));

describe('extension popup appearance', () => {
  it('uses the theme and accent saved in the web app, and the system theme when signed out', async () => {
    const user = await createConfirmedUser();
    // Saved through the web app's appearance page, as a user does.
    const context = await newContext(web);
    await useSessionOf(context, user);
    const page = await context.newPage();
    await page.goto('/settings/appearance');
    const prompt = page.getByRole('region', { name: 'Choose a default accent' });
    await prompt.getByRole('button', { name: 'Violet' }).click();
    await expectToast(page, 'Accent set', 20_000);
    await page.getByRole('radio', { name: 'Gray' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Appearance saved', 20_000);
    await context.close();

    // Signed out, the popup follows the system (light here).
    const signedOut = await openPopup(extBrowser);
    expect((await htmlState(signedOut)).classes).not.toMatch(/\b(dark|gray)\b/);
    await signedOut.close();

    const popup = await signInThroughPopup(extBrowser, user.email, user.password);
    await expect.poll(() => htmlState(popup), { timeout: 20_000 }).toMatchObject({ theme: 'gray', primary: '258.3 89.5% 66.3%' });
    expect((await htmlState(popup)).classes).toContain('gray');

    // Reopening paints the cached appearance straight away.
    const again = await openPopup(extBrowser);
    await expect.poll(() => htmlState(again)).toMatchObject({ theme: 'gray' });

    await again.getByRole('button', { name: /sign out/i }).click();
    await expect.poll(() => htmlState(again), { timeout: 20_000 }).toMatchObject({ theme: 'system', primary: '' });
    expect((await htmlState(again)).classes).not.toMatch(/\b(dark|gray)\b/);
  });
});

describe('extension popup and General settings', () => {
  it('preselects the default folder chosen in Settings → General and saves there', async () => {
    const user = await createConfirmedUser();
    const { data: folder, error } = await user.client
      .from('categories')
      .insert({ user_id: user.user.id, name: 'Reading' })
      .select('id')
      .single();
    if (error) throw error;
    // Chosen on the web app's General page, as a user does.
    const context = await newContext(web);
    await useSessionOf(context, user);
    const page = await context.newPage();
    await page.goto('/settings/general');
    await page.getByLabel('Default folder for new saves').selectOption({ label: 'Reading' });
    await expectToast(page, 'Saved', 20_000);
    await context.close();

    const popup = await signInThroughPopup(extBrowser, user.email, user.password);
    const form = popup.getByRole('form', { name: 'Save this page' });
    await expect.poll(() => form.getByLabel('Category').inputValue(), { timeout: 20_000 }).toBe(folder.id);
    await form.getByLabel('Title').fill('From the popup');
    await form.getByLabel('URL').fill('https://from-the-popup.example.com');
    await form.getByRole('button', { name: 'Add Link' }).click();
    await expect
      .poll(
        async () =>
          (await user.client.from('links').select('second_category_id').eq('url', 'https://from-the-popup.example.com').maybeSingle()).data
            ?.second_category_id,
        { timeout: 20_000 },
      )
      .toBe(folder.id);
    const again = await openPopup(extBrowser);
    await again.getByRole('button', { name: /sign out/i }).click();
    await again.getByLabel('Email').waitFor({ timeout: 20_000 });
  });
});
