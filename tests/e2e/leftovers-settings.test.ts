/**
 * Settings rules seen in the app, in Debian chromium against the real stack:
 * - the reset form shows 'Not your e-mail or username' for the user resetting;
 * - while sharing is off (or the account deactivated) 'Share Link' is greyed out;
 * - every file input has the product's look (a styled input, or a styled button
 *   that opens a hidden one).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, extractLink, latestMail } from '../setup/clients.ts';
import { card, createCategory, openDashboard, section, seedLinks } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext, webUrl } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

describe('reset password form: the "not your e-mail" rule', () => {
  it('lists the rule for the recovering user, marks it unmet while the password holds the e-mail or username, and the server agrees', async () => {
    const user = await createConfirmedUser({ firstName: 'Rita', lastName: 'Reset' });
    const username = `rita${Date.now().toString(36)}`;
    expect((await user.client.from('profiles').update({ username }).eq('user_id', user.user.id)).error).toBeNull();
    const localPart = user.email.split('@')[0];
    const context = await newContext(browser, { theme: 'dark', phone: true });
    const page = await context.newPage();
    // The reset e-mail, as the Reset tab sends it (filtered by this test's fresh recipient).
    const { error } = await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: `${webUrl()}/auth` });
    expect(error).toBeNull();
    const mail = await latestMail(user.email, { subject: 'Reset your password' });
    await page.goto(extractLink(mail.text));
    await page.waitForURL((url) => url.pathname === '/auth' && url.hash.includes('type=recovery'), { timeout: WAIT });
    const form = page.getByRole('form', { name: 'Update Password' });
    await form.waitFor();
    const rules = form.getByTestId('password-rules');
    const identityRule = rules.locator('li', { hasText: 'Not your e-mail or username' });

    // A strong-looking password made of the e-mail's local part: the rule shows, unmet.
    const withEmail = `Qz9!${localPart}#Xw`;
    await form.getByLabel('New Password').fill(withEmail);
    await identityRule.waitFor({ timeout: WAIT });
    expect(await identityRule.getAttribute('data-met')).toBeNull();
    // The username (read from the profile) counts too.
    await form.getByLabel('New Password').fill(`Qz9!${username}#Xw`);
    await expect.poll(() => identityRule.getAttribute('data-met'), { timeout: WAIT }).toBeNull();
    await form.getByLabel('New Password').fill('Quartz-Meadow-41!Lantern');
    await expect.poll(() => identityRule.getAttribute('data-met'), { timeout: WAIT }).toBe('true');

    // What the form warned about is what the server refuses.
    await form.getByLabel('New Password').fill(withEmail);
    await form.getByLabel('Confirm Password').fill(withEmail);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expectToast(page, 'Password Update Failed', WAIT);
    await context.close();
  });
});

/** The 'Share Link' menu item of a card (opens the card's menu). */
async function shareItem(page: Page, scope: Locator, title: string): Promise<Locator> {
  await card(scope, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  const item = page.getByRole('menuitem', { name: /Share Link/ });
  await item.waitFor({ timeout: WAIT });
  return item;
}

describe('share buttons while sharing is off', () => {
  it('greys out Share Link on the dashboard and in a folder while sharing is disabled or the account deactivated, and turns it back on', async () => {
    const { page, context, user } = await openDashboard(browser);
    const folderId = await createCategory(user.client, user.user.id, 'Reading');
    await seedLinks(user, [{ title: 'Offline Article', url: 'https://offline-article.example/' }], { folderId });
    await page.reload();
    const reading = section(page, 'Reading');
    await card(reading, 'Offline Article').waitFor({ timeout: WAIT });

    // Sharing on: the item is enabled and opens the Share dialog.
    let item = await shareItem(page, reading, 'Offline Article');
    expect(await item.getAttribute('aria-disabled')).toBeNull();
    await item.click();
    await page.getByRole('dialog', { name: /Share Link/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: /Share Link/ }).waitFor({ state: 'detached' });

    // Turn sharing off on the Privacy page (the real switch, saved on the server).
    await page.goto('/settings/privacy');
    const sharingSwitch = page.getByRole('switch', { name: 'Disable sharing and receiving' });
    await expect.poll(() => sharingSwitch.isEnabled(), { timeout: WAIT }).toBe(true);
    await sharingSwitch.click();
    await expectToast(page, 'Saved', WAIT);
    await expect
      .poll(
        async () =>
          (
            await user.client
              .from('user_privacy_settings')
              .select('sharing_disabled')
              .eq('user_id', user.user.id)
              .single<{ sharing_disabled: boolean }>()
          ).data?.sharing_disabled,
      )
      .toBe(true);

    await page.goto('/dashboard');
    await card(section(page, 'Reading'), 'Offline Article').waitFor({ timeout: WAIT });
    item = await shareItem(page, section(page, 'Reading'), 'Offline Article');
    await expect.poll(() => item.getAttribute('aria-disabled'), { timeout: WAIT }).toBe('true');
    expect(await item.innerText()).toContain('Sharing is turned off in Settings › Privacy & Security.');
    expect(Number(await item.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    // Choosing it does nothing: no Share dialog.
    await item.click({ force: true });
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog', { name: /Share Link/ }).count()).toBe(0);

    // The folder view too.
    await page.goto(`/category/${folderId}`);
    await page.getByTestId('folder-links').waitFor({ timeout: WAIT });
    item = await shareItem(page, page.getByTestId('folder-links'), 'Offline Article');
    await expect.poll(() => item.getAttribute('aria-disabled'), { timeout: WAIT }).toBe('true');
    await page.keyboard.press('Escape');

    // Sharing back on, account deactivated: still off, with the deactivation reason.
    expect(
      (await user.client.from('user_privacy_settings').update({ sharing_disabled: false }).eq('user_id', user.user.id)).error,
    ).toBeNull();
    await page.goto('/settings/privacy');
    const deactivate = page.getByRole('switch', { name: 'Deactivate account' });
    await expect.poll(() => deactivate.isEnabled(), { timeout: WAIT }).toBe(true);
    await deactivate.click();
    await page.getByTestId('deactivated-notice').waitFor({ timeout: WAIT });
    await page.goto(`/category/${folderId}`);
    await page.getByTestId('folder-links').waitFor({ timeout: WAIT });
    item = await shareItem(page, page.getByTestId('folder-links'), 'Offline Article');
    await expect.poll(() => item.innerText(), { timeout: WAIT }).toContain('deactivated');
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    // Reactivated: Share Link works again.
    await page.goto('/settings/privacy');
    await expect.poll(() => deactivate.isEnabled(), { timeout: WAIT }).toBe(true);
    await deactivate.click();
    await page.getByTestId('deactivated-notice').waitFor({ state: 'detached', timeout: WAIT });
    await page.goto('/dashboard');
    await card(section(page, 'Reading'), 'Offline Article').waitFor({ timeout: WAIT });
    item = await shareItem(page, section(page, 'Reading'), 'Offline Article');
    await expect.poll(() => item.getAttribute('aria-disabled'), { timeout: WAIT }).toBeNull();
    await item.click();
    await page.getByRole('dialog', { name: /Share Link/ }).waitFor();
    await context.close();
  });
});

/**
 * Every file input on the page: a visible one draws its 'Choose file' button in the product's look
 * (no browser-default border), a hidden one is opened by a visible control beside it.
 */
async function fileInputProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      const name = input.getAttribute('aria-label') ?? input.dataset.testid ?? 'file input';
      const box = input.getBoundingClientRect();
      if (box.width > 2 && box.height > 2) {
        const button = getComputedStyle(input, '::file-selector-button');
        if (button.borderTopStyle !== 'none' && parseFloat(button.borderTopWidth) > 0) problems.push(`${name}: browser-default button`);
        if (getComputedStyle(input).borderTopStyle === 'none') problems.push(`${name}: unstyled box`);
        continue;
      }
      const label = input.closest('label');
      const opener = label ?? [...(input.parentElement?.querySelectorAll('button') ?? [])].find((b) => b.getBoundingClientRect().width > 0);
      if (!opener) problems.push(`${name}: hidden, no visible control opens it`);
      else if (getComputedStyle(opener).borderRadius === '0px') problems.push(`${name}: opener not styled as a button`);
    }
    return problems;
  });
}

/** Clicking `opener` opens the file chooser of the input with `testId`. */
async function opensChooser(page: Page, opener: Locator, testId: string): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: WAIT }), opener.click()]);
  expect(await chooser.element().getAttribute('data-testid')).toBe(testId);
}

describe('styled file inputs everywhere', () => {
  it('add form, category icon, backgrounds, studio uploads and import all use the product look', async () => {
    const { page, context, user } = await openDashboard(browser);
    // The add form's visible input.
    await page.getByTestId('link-editor').waitFor();
    expect(await page.getByTestId('link-editor').locator('input[type="file"]').count()).toBe(1);
    expect(await fileInputProblems(page)).toEqual([]);
    const selectorBg = await page
      .getByTestId('link-editor')
      .locator('input[type="file"]')
      .evaluate((el) => getComputedStyle(el, '::file-selector-button').backgroundColor);
    expect(selectorBg).not.toBe('rgba(0, 0, 0, 0)');

    // Category icon: 'Upload icon' opens the hidden input.
    await page.getByRole('button', { name: 'Add Category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Create New Category' });
    await categoryDialog.waitFor();
    expect(await fileInputProblems(page)).toEqual([]);
    const iconInput = categoryDialog.locator('input[type="file"]');
    const iconTestId = (await iconInput.getAttribute('data-testid'))!;
    await opensChooser(page, categoryDialog.getByRole('button', { name: 'Upload icon', exact: true }), iconTestId);
    await categoryDialog.getByRole('button', { name: 'Cancel' }).click();
    await categoryDialog.waitFor({ state: 'detached' });

    // Backgrounds.
    await page.getByRole('button', { name: 'Dashboard background' }).click();
    const backgrounds = page.getByRole('dialog', { name: 'Change Dashboard Background' });
    await backgrounds.getByTestId('background-file').waitFor({ state: 'attached' });
    expect(await fileInputProblems(page)).toEqual([]);
    await opensChooser(page, backgrounds.getByRole('button', { name: 'Upload background', exact: true }), 'background-file');
    await page.keyboard.press('Escape');
    await backgrounds.waitFor({ state: 'detached' });

    // Studio uploads.
    await page.goto('/studio');
    await page.getByRole('heading', { name: 'Profile Studio' }).waitFor({ timeout: WAIT });
    await page.getByRole('tab', { name: 'Banner & Avatar' }).click();
    await page.getByTestId('banner-upload').waitFor({ state: 'attached', timeout: WAIT });
    expect(await fileInputProblems(page)).toEqual([]);
    await opensChooser(page, page.getByRole('button', { name: 'Upload banner background', exact: true }), 'banner-upload');

    // Import.
    await page.goto('/settings/data');
    await page.getByTestId('import-file').waitFor({ state: 'attached', timeout: WAIT });
    expect(await fileInputProblems(page)).toEqual([]);
    const chooseFile = page.locator('label', { has: page.getByTestId('import-file') });
    // The label looks like the product's primary button.
    const [labelBg, primaryBg] = await Promise.all([
      chooseFile.evaluate((el) => getComputedStyle(el).backgroundColor),
      page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'bg-primary';
        document.body.append(probe);
        const bg = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return bg;
      }),
    ]);
    expect(labelBg).toBe(primaryBg);
    await opensChooser(page, chooseFile, 'import-file');
    expect(user.user.id).toBeTruthy();
    await context.close();
  });
});
