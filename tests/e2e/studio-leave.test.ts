import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { solidPng, useSessionOf } from './dashboard-helpers.ts';
import { launchChromium, newContext } from './web-browser.ts';

// Unsaved studio changes are not lost silently through the browser's Back button either,
// and uploads of a page that is left unsaved do not stay behind in storage.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT_MS = 20_000;
const PROMPT = 'You have unsaved changes. Leave without saving?';

async function ownerInStudio(): Promise<{ user: ConfirmedUser; page: Page; dialogs: string[]; answer: { accept: boolean } }> {
  const user = await createConfirmedUser({ firstName: 'Leaver', lastName: 'Tester' });
  const { error } = await user.client
    .from('profiles')
    .update({ username: `leaver_${randomUUID().slice(0, 8)}` })
    .eq('user_id', user.user.id);
  if (error) throw error;
  const context = await newContext(browser, { theme: 'light' });
  onTestFinished(() => context.close());
  await useSessionOf(context, user);
  const page = await context.newPage();
  const dialogs: string[] = [];
  const answer = { accept: false };
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void (answer.accept ? dialog.accept() : dialog.dismiss());
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add Category' }).waitFor({ timeout: WAIT_MS });
  await page.goto('/studio');
  await page.getByRole('heading', { name: 'Profile Studio' }).waitFor({ timeout: WAIT_MS });
  return { user, page, dialogs, answer };
}

const pathname = (page: Page) => new URL(page.url()).pathname;

async function objectCount(userId: string): Promise<number> {
  const { data, error } = await serviceClient().storage.from('main-photos').list(userId);
  if (error) throw error;
  return data.length;
}

describe('studio: leaving with unsaved changes', () => {
  it("the browser's Back button asks; staying keeps the edit, leaving goes back", async () => {
    const { page, dialogs, answer } = await ownerInStudio();
    await page.getByTestId('display-name').fill('Half-typed name');
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Unsaved changes');

    await page.evaluate(() => history.back());
    await expect.poll(() => dialogs.length, { timeout: WAIT_MS }).toBe(1);
    expect(dialogs[0]).toBe(PROMPT);
    expect(pathname(page)).toBe('/studio');
    expect(await page.getByTestId('display-name').inputValue()).toBe('Half-typed name');

    // Stayed: Back asks again (the guard is back in place), and this time the user leaves.
    answer.accept = true;
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: WAIT_MS });
    expect(dialogs).toEqual([PROMPT, PROMPT]);
  });

  it('after saving, one Back press leaves without asking', async () => {
    const { page, dialogs } = await ownerInStudio();
    await page.getByTestId('display-name').fill('Saved name');
    await expect.poll(() => page.getByTestId('save-state').innerText()).toBe('Unsaved changes');
    await page.getByTestId('studio-save').click();
    await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: WAIT_MS }).toBe('All changes saved');
    // The guard entry is taken off asynchronously; the real entry of /studio carries no marker.
    await expect.poll(() => page.evaluate(() => JSON.stringify(history.state ?? {}).includes('studioLeaveGuard'))).toBe(false);
    await page.evaluate(() => history.back());
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: WAIT_MS });
    expect(dialogs).toEqual([]);
  });

  it('a photo uploaded and then left unsaved is removed from storage', async () => {
    const { user, page, answer } = await ownerInStudio();
    await page.getByRole('tab', { name: 'Banner & Avatar' }).click();
    await page
      .getByTestId('main-photo-upload')
      .setInputFiles({ name: 'draft.png', mimeType: 'image/png', buffer: solidPng([90, 160, 220], 96, 96) });
    await page.getByTestId('main-photo-preview').waitFor({ timeout: WAIT_MS });
    await expect.poll(() => objectCount(user.user.id), { timeout: WAIT_MS }).toBe(1);

    answer.accept = true;
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: WAIT_MS });
    await expect.poll(() => objectCount(user.user.id), { timeout: WAIT_MS }).toBe(0);
  });
});
