import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewSite, type PreviewSite } from '../fakes/preview-site.ts';
import { serviceClient } from '../setup/clients.ts';
import { card, createCategory, openDashboard, PNG_1X1, savedCategoryId, section, seedLinks } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

/**
 * Link previews in the browser: the form's autofill, the card's stored favicon after a save, the
 * folder gallery's preview image, "Refresh previews". The site is a local fake on 127.0.0.1
 * (allowed only by the test stack's LINK_PREVIEW_TEST_ALLOW); the browser itself never contacts it.
 */

let browser: Browser;
let site: PreviewSite;
beforeAll(async () => {
  browser = await launchChromium();
  site = await startPreviewSite();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function linkRow(userId: string, url: string) {
  const { data } = await serviceClient()
    .from('links')
    .select('id,title,description,favicon_url,preview_image_url')
    .eq('user_id', userId)
    .eq('url', url)
    .maybeSingle<{
      id: string;
      title: string;
      description: string | null;
      favicon_url: string | null;
      preview_image_url: string | null;
    }>();
  return data;
}

describe('link previews', () => {
  it('autofills an empty title and description, never typed text; the saved card shows the stored favicon', async () => {
    const { context, page, user } = await openDashboard(browser);
    const siteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(site.url)) siteRequests.push(r.url());
    });
    const editor = page.getByTestId('link-editor');
    const title = editor.getByLabel('Title');
    const description = editor.getByLabel('Description (optional)');

    // Typed text wins: the answer for this URL arrives, but the title stays as typed.
    await title.fill('My own title');
    const answered = page.waitForResponse((r) => r.url().includes('/functions/v1/link-preview'), { timeout: 20_000 });
    await editor.getByLabel('URL').fill(`${site.url}/full?title=Other`);
    expect((await answered).status()).toBe(200);
    await expect.poll(() => description.inputValue(), { timeout: 20_000 }).toBe('A page about & for previews.');
    expect(await title.inputValue()).toBe('My own title');

    // Empty fields are filled.
    await title.fill('');
    await description.fill('');
    const url = `${site.url}/full`;
    await editor.getByLabel('URL').fill(url);
    await expect.poll(() => title.inputValue(), { timeout: 20_000 }).toBe('Full Preview Page');
    expect(await description.inputValue()).toBe('A page about & for previews.');

    // Save: the card appears at once (letter or favicon), then shows the stored favicon.
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Link added');
    const saved = card(section(page, 'Recently Saved Links'), 'Full Preview Page');
    await saved.waitFor();
    const favicon = saved.locator('img[data-icon="favicon"]');
    await favicon.waitFor({ timeout: 20_000 });
    expect(await favicon.getAttribute('src')).toContain(`/storage/v1/object/public/link-previews/${user.user.id}/`);
    await expect.poll(() => favicon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(32);
    const row = await linkRow(user.user.id, url);
    expect(row?.favicon_url).toBe(await favicon.getAttribute('src'));
    expect(row?.preview_image_url).toContain('/link-previews/');
    // Privacy: the page never loaded anything from the saved site.
    expect(siteRequests).toEqual([]);

    // Folder gallery view shows the preview image.
    const savedId = await savedCategoryId(user.client);
    await page.goto(`/category/${savedId}`);
    await page.getByRole('radio', { name: 'Gallery' }).click();
    const image = page.getByTestId('link-preview-image').first();
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(64);
    expect(await card(page, 'Full Preview Page').locator('img[data-icon="favicon"]').count()).toBe(1);
    await context.close();
  });

  it('a blocked or failed fetch leaves the letter avatar quietly; an uploaded icon still wins', async () => {
    const { context, page, user } = await openDashboard(browser);
    const editor = page.getByTestId('link-editor');
    await editor.getByLabel('Title').fill('Not HTML');
    await editor.getByLabel('URL').fill(`${site.url}/json`);
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Link added');
    const saved = card(section(page, 'Recently Saved Links'), 'Not HTML');
    await saved.waitFor();
    // the preview request after the save answers (422), and the card keeps its letter
    await expect
      .poll(async () => (await linkRow(user.user.id, `${site.url}/json`))?.favicon_url ?? 'none', { timeout: 10_000 })
      .toBe('none');
    expect(await saved.locator('[data-icon="letter"]').count()).toBe(1);
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);

    // An uploaded icon (icon_url) is shown even when a favicon is stored.
    const [id] = await seedLinks(user, [{ title: 'Both Icons', url: `${site.url}/plain` }]);
    const path = `${user.user.id}/uploaded-${Date.now()}.png`;
    const up = await user.client.storage.from('link-icons').upload(path, PNG_1X1, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const uploaded = user.client.storage.from('link-icons').getPublicUrl(path).data.publicUrl;
    const stored = await user.client.functions.invoke('link-preview', { body: { link_id: id } });
    expect(stored.error).toBeNull();
    await user.client.from('links').update({ icon_url: uploaded }).eq('id', id);
    await page.reload();
    const both = card(section(page, 'Recently Saved Links'), 'Both Icons');
    await both.waitFor();
    await expect.poll(() => both.locator('img').first().getAttribute('data-icon'), { timeout: 15_000 }).toBe('uploaded');
    expect(await both.locator('img').first().getAttribute('src')).toBe(uploaded);
    await context.close();
  });

  it('"Refresh previews" fetches previews for existing links (folder and collection), with progress', async () => {
    const { context, page, user } = await openDashboard(browser);
    const folderId = await createCategory(user.client, user.user.id, 'Old Links');
    await seedLinks(
      user,
      [
        { title: 'Old One', url: `${site.url}/full?title=One` },
        { title: 'Old Two', url: `${site.url}/twitter` },
      ],
      { folderId },
    );
    await seedLinks(user, [{ title: 'Loose', url: `${site.url}/plain` }]);
    await page.goto(`/category/${folderId}`);
    const refresh = page.getByTestId('refresh-previews-folder');
    await refresh.click();
    await expectToast(page, '2 of 2 links updated in this folder.');
    for (const title of ['Old One', 'Old Two']) await card(page, title).locator('img[data-icon="favicon"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => refresh.textContent()).toBe('Refresh previews');
    // Only the folder's links were fetched.
    expect((await linkRow(user.user.id, `${site.url}/plain`))?.favicon_url).toBeNull();

    await page.goto('/dashboard');
    await page.getByTestId('refresh-previews-collection').click();
    await expectToast(page, '3 of 3 links updated.');
    await card(section(page, 'Recently Saved Links'), 'Loose').locator('img[data-icon="favicon"]').waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('phone width: the card with a favicon', async () => {
    const { context, page, user } = await openDashboard(browser, { phone: true });
    const [id] = await seedLinks(user, [{ title: 'Phone Preview', url: `${site.url}/full` }]);
    const res = await user.client.functions.invoke('link-preview', { body: { link_id: id } });
    expect(res.error).toBeNull();
    await page.reload();
    const saved = card(page, 'Phone Preview');
    await saved.locator('img[data-icon="favicon"]').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
