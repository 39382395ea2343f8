import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import {
  card,
  createCategory,
  folderOrder,
  openDashboard,
  openedUrls,
  PNG_1X1,
  section,
  seedLinks,
  waitForGrid,
} from './dashboard-helpers.ts';
import { expectToast, launchChromium, webUrl } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function linksOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('links')
    .select('id,title,url,description,category_id,second_category_id,access_count,icon_url')
    .eq('user_id', userId);
  if (error) throw error;
  return data as Array<{
    id: string;
    title: string;
    url: string;
    description: string | null;
    category_id: string;
    second_category_id: string | null;
    access_count: number;
    icon_url: string | null;
  }>;
}

describe('dashboard: links', () => {
  it('requires a session: signed out goes to /auth', async () => {
    const context = await browser.newContext({ baseURL: webUrl() });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth$/);
    await context.close();
  });

  it('adds a link (with a new category and an icon), shows validation messages, updates a duplicate URL', async () => {
    const { context, page, user } = await openDashboard(browser);
    await page.getByText('No links found. Add your first link!').first().waitFor();
    const editor = page.getByTestId('link-editor');
    expect(await editor.getByRole('heading', { name: 'Add New Link' }).isVisible()).toBe(true);

    // Validation (part 1 §5).
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await editor.getByText('Title is required').waitFor();
    await editor.getByText('URL is required').waitFor();
    await editor.getByLabel('Title').fill('Example');
    await editor.getByLabel('URL').fill('not a url');
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await editor.getByText('Please enter a valid URL').waitFor();

    // Icon checks: type, then size.
    const iconInput = editor.getByLabel('Icon (optional)');
    await iconInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Please select a JPG, PNG, or GIF image.');
    await iconInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
    await expectToast(page, 'Please select an image smaller than 5MB.');

    // A valid add: https:// is added, a new category is created and chosen, the icon uploaded.
    await editor.getByLabel('URL').fill('example.com/docs');
    await editor.getByLabel('Description (optional)').fill('The docs');
    await editor.getByLabel('Category').selectOption({ label: '+ Create new category' });
    await editor.getByLabel('New Category Name').fill('Reading');
    await iconInput.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Link added');
    await card(section(page, 'Reading'), 'Example').waitFor();
    let rows = await linksOf(user.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].url).toBe('https://example.com/docs');
    expect(rows[0].icon_url).toMatch(/\/storage\/v1\/object\/public\/link-icons\//);
    const { data: reading } = await serviceClient()
      .from('categories')
      .select('id')
      .eq('user_id', user.user.id)
      .eq('name', 'Reading')
      .single();
    expect(rows[0].second_category_id).toBe(reading!.id);
    expect(rows[0].category_id).not.toBe(reading!.id);

    // The same URL again updates that link instead of adding one.
    await editor.getByLabel('Title').fill('Example Docs');
    await editor.getByLabel('URL').fill('https://example.com/docs');
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Updated existing link "Example Docs" with new details.');
    await page.locator('[data-sonner-toast]', { hasText: 'Link updated' }).first().waitFor();
    rows = await linksOf(user.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toBe('Example Docs');
    await card(section(page, 'Recently Saved Links'), 'Example Docs').waitFor();
    await context.close();
  });

  it('edits a link in the orange edit card, cancels, and deletes through the dialog', async () => {
    const { context, page, user } = await openDashboard(browser);
    await seedLinks(user, [
      { title: 'Alpha', url: 'https://alpha.example' },
      { title: 'Beta', url: 'https://beta.example' },
    ]);
    await page.reload();
    await waitForGrid(page);
    const saved = section(page, 'Recently Saved Links');

    // Created date, views and shares on the card.
    const alpha = card(saved, 'Alpha');
    const text = await alpha.innerText();
    expect(text).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(text).toMatch(/Views\s*0/);
    expect(text).toMatch(/Shares\s*0/);

    await alpha.getByRole('button', { name: 'Actions for Alpha' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Go to Site (Same Page)', 'Go to Site (Pop-up Window)', 'Share Link', 'Edit Link', 'Delete Link']) {
      expect(await menu.getByRole('menuitem', { name: item }).isVisible()).toBe(true);
    }
    await menu.getByRole('menuitem', { name: 'Edit Link' }).click();
    const editor = page.getByTestId('link-editor');
    await editor.getByRole('heading', { name: 'Edit Link' }).waitFor();
    expect(await editor.locator('form').getAttribute('data-editing')).toBe('true');
    expect(await alpha.getAttribute('data-editing')).toBe('true');
    expect(await editor.getByLabel('Title').inputValue()).toBe('Alpha');

    // Cancel leaves edit mode without saving.
    await editor.getByLabel('Title').fill('Changed');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.getByRole('heading', { name: 'Add New Link' }).waitFor();
    expect((await linksOf(user.user.id)).find((l) => l.url === 'https://alpha.example')?.title).toBe('Alpha');

    // Update.
    await alpha.getByRole('button', { name: 'Actions for Alpha' }).click();
    await page.getByRole('menuitem', { name: 'Edit Link' }).click();
    await editor.getByLabel('Title').fill('Alpha Prime');
    await editor.getByLabel('Description (optional)').fill('Edited');
    await editor.getByRole('button', { name: 'Update Link' }).click();
    await expectToast(page, '"Alpha Prime" has been updated.');
    await editor.getByRole('heading', { name: 'Add New Link' }).waitFor();
    expect((await linksOf(user.user.id)).find((l) => l.url === 'https://alpha.example')).toMatchObject({
      title: 'Alpha Prime',
      description: 'Edited',
    });

    // Delete from the card's delete button: the dialog's exact words.
    const beta = card(saved, 'Beta');
    await beta.hover();
    await beta.getByRole('button', { name: 'Delete link' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Delete link' }).first().waitFor();
    await beta.getByRole('button', { name: 'Delete link' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Delete Link' }).waitFor();
    expect(await dialog.innerText()).toContain('Are you sure you want to delete "Beta"? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await linksOf(user.user.id)).toHaveLength(2);
    await beta.getByRole('button', { name: 'Delete link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Link deleted');
    await beta.waitFor({ state: 'detached' });
    expect((await linksOf(user.user.id)).map((l) => l.title)).toEqual(['Alpha Prime']);
    await context.close();
  });

  it('opening a link counts the view first (pop-up window and same page)', async () => {
    const { context, page, user } = await openDashboard(browser, { recordOpens: true });
    const target = `${webUrl()}/privacy`;
    await seedLinks(user, [{ title: 'Privacy page', url: target }]);
    await page.reload();
    await waitForGrid(page);
    const privacy = card(section(page, 'Recently Saved Links'), 'Privacy page');

    await privacy.getByRole('button', { name: 'Actions for Privacy page' }).click();
    await page.getByRole('menuitem', { name: 'Go to Site (Pop-up Window)' }).click();
    await expect.poll(async () => (await linksOf(user.user.id))[0].access_count).toBe(1);
    await expect.poll(() => privacy.innerText()).toMatch(/Views\s*1/);
    // The window opens at once (inside the click) and is sent to the URL after counting.
    expect((await openedUrls(page))[0]).toMatchObject({ url: 'about:blank', target: '_blank' });

    await privacy.getByRole('button', { name: 'Actions for Privacy page' }).click();
    await page.getByRole('menuitem', { name: 'Go to Site (Same Page)' }).click();
    await page.waitForURL(/\/privacy$/);
    expect((await linksOf(user.user.id))[0].access_count).toBe(2);
    await context.close();
  });

  it('every reorder button moves by created_at and says so', async () => {
    const { context, page, user } = await openDashboard(browser);
    const folderId = await createCategory(user.client, user.user.id, 'Order');
    await seedLinks(
      user,
      ['L1', 'L2', 'L3', 'L4'].map((t) => ({ title: t, url: `https://${t.toLowerCase()}.example` })),
      { folderId },
    );
    await page.reload();
    await waitForGrid(page);
    const order = section(page, 'Order');

    const move = async (title: string, label: string, toast: string) => {
      const target = card(order, title);
      await target.hover();
      await target.getByRole('button', { name: label, exact: true }).click();
      await expectToast(page, toast);
    };

    // Hover reveals the six buttons; the first card cannot go left/up/to the beginning.
    const first = card(order, 'L1');
    await first.hover();
    for (const label of ['Beginning', 'Left', 'Up', 'Down', 'Right', 'End'])
      expect(await first.getByRole('button', { name: label, exact: true }).isVisible()).toBe(true);
    expect(await first.getByRole('button', { name: 'Left', exact: true }).isDisabled()).toBe(true);
    expect(await first.getByRole('button', { name: 'Beginning', exact: true }).isDisabled()).toBe(true);

    await move('L2', 'Right', 'Link moved right successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L1', 'L3', 'L2', 'L4']);
    await move('L2', 'Left', 'Link moved left successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L1', 'L2', 'L3', 'L4']);
    // Down = one row (3 cards) further: L1 swaps with L4.
    await move('L1', 'Down', 'Link moved down successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L4', 'L2', 'L3', 'L1']);
    await move('L3', 'End', 'Link moved to end successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L4', 'L2', 'L1', 'L3']);
    await move('L1', 'Beginning', 'Link moved to beginning successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L1', 'L4', 'L2', 'L3']);
    // The grid follows the new order.
    await expect
      .poll(() => order.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))))
      .toEqual(['L1', 'L4', 'L2']);
    await context.close();

    // Up on a phone (one card per row): swaps with the card before.
    const phone = await openDashboard(browser, { user, phone: true });
    const phoneOrder = section(phone.page, 'Order');
    await card(phoneOrder, 'L4').getByRole('button', { name: 'Up', exact: true }).click();
    await expectToast(phone.page, 'Link moved up successfully!');
    expect(await folderOrder(user.client, folderId)).toEqual(['L4', 'L1', 'L2', 'L3']);
    await phone.context.close();
  });
});
