import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { card, createCategory, openDashboard, seedLinks, solidPng, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * Everyday polish: no developer text for users, the banner background on every signed-in page
 * (an upload applies at once), forms that guide as you type.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

async function openAs(user: ConfirmedUser, path: string): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark' });
  await useSessionOf(context, user);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe('no developer text for users', () => {
  it('a user sees no admin cards and no npm commands; an admin sees the admin cards', async () => {
    const { page, context } = await openDashboard(browser);
    // The cards under the links are drawn (Our Templates is for everyone).
    await page.getByTestId('template-cards').waitFor({ timeout: WAIT });
    await page.getByRole('heading', { name: 'AI Link Discovery' }).waitFor({ timeout: WAIT });
    // Roles are read by now: the AI card's and the template cards' queries have settled.
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Admin Access Required');
    expect(text).not.toContain('npm run admin');
    expect(await page.getByRole('heading', { name: 'Template Manager' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Settings Icon Manager' }).count()).toBe(0);
    await context.close();

    const admin = await createConfirmedUser();
    expect((await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' })).error).toBeNull();
    const adminSession = await openDashboard(browser, { user: admin });
    await adminSession.page.getByRole('heading', { name: 'Template Manager' }).waitFor({ timeout: WAIT });
    await adminSession.page.getByRole('heading', { name: 'Settings Icon Manager' }).waitFor({ timeout: WAIT });
    await adminSession.context.close();
  });
});

describe('the page background follows you', () => {
  it('an uploaded banner background applies at once and shows on folders, settings, import and studio', async () => {
    const { page, context, user } = await openDashboard(browser);
    const folderId = await createCategory(user.client, user.user.id, 'Trips');
    const banner = page.getByTestId('header-banner');
    const bannerImage = () => banner.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(await bannerImage()).not.toMatch(/banner-backgrounds/);

    await page.getByRole('button', { name: 'Change background', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Top Banner Background' });
    await dialog.getByTestId('background-file').setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: solidPng([230, 150, 30]) });
    await expectToast(page, 'Background uploaded');
    // No second 'Select' click: the upload is the current background.
    await expect.poll(bannerImage, { timeout: WAIT }).toMatch(/banner-backgrounds/);
    expect(await dialog.getByTestId('background-tile').first().getAttribute('data-current')).toBe('true');
    await page.keyboard.press('Escape');

    for (const path of [`/category/${folderId}`, '/settings', '/settings/data', '/studio']) {
      await page.goto(path);
      await banner.waitFor({ timeout: WAIT });
      await expect.poll(bannerImage, { timeout: WAIT, message: path }).toMatch(/banner-backgrounds/);
    }
    await context.close();
  });
});

describe('forms guide as you type', () => {
  it("the dashboard's username card shows the broken rule while typing and disables its button", async () => {
    const { page, context } = await openDashboard(browser);
    const form = page.getByTestId('username-form');
    const input = form.getByLabel('Username');
    const submit = form.getByRole('button', { name: 'Set username' });
    expect(await submit.isDisabled()).toBe(true);
    await input.fill('ab');
    await form.getByText('Username must be at least 3 characters').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await input.fill('ab cd');
    await form.getByText('Username can only contain letters, numbers, underscores, and dashes').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await input.fill('a'.repeat(31));
    await form.getByText('Username must be less than 30 characters').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await input.fill(`ok_${Date.now().toString(36)}`);
    await form.getByTestId('username-status').filter({ hasText: 'Available' }).waitFor({ timeout: WAIT });
    expect(await form.getByText(/^Username (must|can only)/).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    await context.close();
  });

  it("'Edit Link' from a card's menu moves focus into the form", async () => {
    const user = await createConfirmedUser();
    await seedLinks(user, [{ title: 'Focus Target', url: 'https://focus.example' }]);
    const { page, context } = await openDashboard(browser, { user });
    await card(page, 'Focus Target').getByRole('button', { name: 'Actions for Focus Target' }).click();
    await page.getByRole('menuitem', { name: 'Edit Link' }).click();
    await page.getByTestId('link-editor').getByRole('heading', { name: 'Edit Link' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid="link-editor"]') && document.activeElement?.tagName))
      .toBe('INPUT');
    await context.close();
  });

  it('the default-accent prompt on Appearance does not block the page on a first visit', async () => {
    const user = await createConfirmedUser();
    const page = await openAs(user, '/settings/appearance');
    const prompt = page.getByRole('region', { name: 'Choose a default accent' });
    await prompt.waitFor({ timeout: WAIT });
    // No modal: the page's own controls work while the prompt is shown.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).not.toContain('dark');
    expect(await page.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await page.context().close();
  });
});
