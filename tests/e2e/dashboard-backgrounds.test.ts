import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { createCategory, openDashboard, section, solidPng } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function backgroundsOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('user_backgrounds')
    .select('id,background_url,background_name,category_id,is_default')
    .eq('user_id', userId)
    .order('created_at');
  if (error) throw error;
  return data as Array<{
    id: string;
    background_url: string;
    background_name: string | null;
    category_id: string | null;
    is_default: boolean;
  }>;
}

describe('dashboard: backgrounds', () => {
  it('uploads, selects (one current per scope), shows and deletes backgrounds in every scope', async () => {
    const { context, page, user } = await openDashboard(browser);
    const userId = user.user.id;

    await page.getByRole('button', { name: 'Dashboard background' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Dashboard Background' });
    await dialog.getByText('No backgrounds uploaded yet.').waitFor();
    const file = dialog.getByTestId('background-file');
    await file.setInputFiles({ name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expectToast(page, 'Please select an image file.');
    await file.setInputFiles({ name: 'huge.webp', mimeType: 'image/webp', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expectToast(page, 'Please select an image smaller than 5MB.');

    await file.setInputFiles({ name: 'teal.png', mimeType: 'image/png', buffer: solidPng([20, 140, 150]) });
    await expectToast(page, 'Background uploaded');
    await file.setInputFiles({ name: 'plum.png', mimeType: 'image/png', buffer: solidPng([110, 40, 120]) });
    await expect.poll(() => dialog.getByTestId('background-tile').count()).toBe(2);
    let rows = await backgroundsOf(userId);
    // An upload applies at once: the newest upload is the current one.
    expect(rows.map((r) => [r.background_name, r.is_default])).toEqual([
      ['dashboard', false],
      ['dashboard', true],
    ]);

    // Newest first: plum, teal. Select teal, then plum: only one is current.
    const tiles = dialog.getByTestId('background-tile');
    await tiles.nth(1).getByRole('button', { name: 'Select' }).click();
    await expectToast(page, 'Background updated');
    await expect.poll(() => tiles.nth(1).getAttribute('data-current')).toBe('true');
    expect(await tiles.nth(1).getByText('Current', { exact: true }).isVisible()).toBe(true);
    // The spec's button reads 'Select' on every tile; on the current one it is disabled.
    const currentSelect = tiles.nth(1).getByRole('button', { name: 'Select', exact: true });
    expect(await currentSelect.isDisabled()).toBe(true);
    await tiles.nth(0).getByRole('button', { name: 'Select' }).click();
    await expect.poll(async () => (await backgroundsOf(userId)).map((r) => r.is_default)).toEqual([false, true]);
    rows = await backgroundsOf(userId);
    await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-background')).toBe(rows[1].background_url);

    // Delete the one not in use.
    await tiles.nth(1).getByRole('button', { name: 'Delete background' }).click();
    await expectToast(page, 'Background deleted');
    await expect.poll(async () => (await backgroundsOf(userId)).length).toBe(1);
    await page.keyboard.press('Escape');

    // The banner (header button) and a folder have their own scopes.
    await page.getByRole('button', { name: 'Change background', exact: true }).click();
    const banner = page.getByRole('dialog', { name: 'Change Top Banner Background' });
    await banner.getByText('No backgrounds uploaded yet.').waitFor();
    await banner.getByTestId('background-file').setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: solidPng([230, 150, 30]) });
    await expectToast(page, 'Background uploaded');
    await expect
      .poll(() => page.getByTestId('header-banner').evaluate((el) => getComputedStyle(el).backgroundImage))
      .toMatch(/banner-backgrounds/);
    await page.keyboard.press('Escape');

    await createCategory(user.client, userId, 'Photos');
    await page.reload();
    await section(page, 'Photos').getByRole('button', { name: 'Change background of Photos' }).click();
    const folder = page.getByRole('dialog', { name: 'Change Category Background' });
    await folder.getByTestId('background-file').setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: solidPng([60, 120, 230]) });
    await expectToast(page, 'Background uploaded');
    await page.keyboard.press('Escape');
    await expect.poll(() => section(page, 'Photos').evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/banner-backgrounds/);
    rows = await backgroundsOf(userId);
    expect(rows.filter((r) => r.is_default).map((r) => r.background_name ?? 'category')).toEqual(['dashboard', 'banner', 'category']);
    await context.close();
  });

  it("an admin's background is the fallback default: badge 'Default', no delete, selectable", async () => {
    const admin = await createConfirmedUser({ firstName: 'Ada', lastName: 'Admin' });
    expect((await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' })).error).toBeNull();
    // Admin backgrounds are every user's fallback on this shared stack: leave none behind.
    onTestFinished(async () => {
      await serviceClient().from('user_backgrounds').delete().eq('user_id', admin.user.id);
      await serviceClient().from('user_roles').delete().eq('user_id', admin.user.id);
    });
    const path = `${admin.user.id}/${Date.now()}.png`;
    expect(
      (await admin.client.storage.from('banner-backgrounds').upload(path, solidPng([200, 60, 90]), { contentType: 'image/png' })).error,
    ).toBeNull();
    const url = admin.client.storage.from('banner-backgrounds').getPublicUrl(path).data.publicUrl;
    expect(
      (
        await admin.client
          .from('user_backgrounds')
          .insert({ user_id: admin.user.id, background_url: url, background_name: 'dashboard', is_default: true })
      ).error,
    ).toBeNull();

    const { context, page, user } = await openDashboard(browser);
    await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-background')).toBe(url);
    await page.getByRole('button', { name: 'Dashboard background' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Dashboard Background' });
    const tile = dialog.getByTestId('background-tile').first();
    await tile.getByText('Default', { exact: true }).waitFor();
    expect(await tile.getByRole('button', { name: 'Delete background' }).count()).toBe(0);
    await tile.getByRole('button', { name: /Select/ }).click();
    await expectToast(page, 'Background updated');
    await expect.poll(async () => (await backgroundsOf(user.user.id)).map((r) => [r.background_url, r.is_default])).toEqual([[url, true]]);
    // The admin's own row is untouched.
    expect((await backgroundsOf(admin.user.id)).map((r) => r.is_default)).toEqual([true]);
    await context.close();
  });
});
