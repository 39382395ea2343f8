import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { card, openDashboard, PNG_1X1, section, seedLinks, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function categoryNamed(userId: string, name: string) {
  const { data } = await serviceClient()
    .from('categories')
    .select('id,name,icon_url')
    .eq('user_id', userId)
    .eq('name', name)
    .maybeSingle<{ id: string; name: string; icon_url: string | null }>();
  return data;
}

describe('dashboard: categories and icons', () => {
  it('creates with a gallery icon, refuses duplicates, edits with an uploaded icon, removes the icon', async () => {
    // This account prefers the light theme (the saved appearance wins over the device's).
    const owner = await createConfirmedUser({ firstName: 'Lia', lastName: 'Light' });
    expect((await owner.client.from('user_appearance_settings').update({ theme: 'light' }).eq('user_id', owner.user.id)).error).toBeNull();
    const { context, page, user } = await openDashboard(browser, { theme: 'light', colorScheme: 'light', user: owner });
    const card = page.getByRole('region', { name: 'Manage Categories' });

    // Defaults: 'Default' tag, neither edit, move nor delete (the inbox may only expand its subfolders).
    for (const name of ['Recently Saved Links', 'Recently Received Links (Incoming)']) {
      const row = card.locator(`[data-testid="category-row"][data-category-name="${name}"]`);
      expect(await row.getByText('Default', { exact: true }).isVisible()).toBe(true);
      expect(await row.getByRole('button', { name: /^(Edit|Move|Delete) / }).count()).toBe(0);
    }

    await card.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Category name is required').waitFor();
    // The gallery: 11 real icons.
    const gallery = dialog.getByRole('radiogroup', { name: 'Icon gallery' });
    const names = await gallery.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
    expect(names).toEqual(['Folder', 'Star', 'Link', 'Tag', 'Clock', 'Email', 'Social', 'Hash', 'Calendar', 'Documents', 'Home']);
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await dialog.getByLabel('Category Name').fill('Recipes');
    await gallery.getByRole('radio', { name: 'Star' }).click();
    expect(await gallery.getByRole('radio', { name: 'Star' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'Category created');
    expect((await categoryNamed(user.user.id, 'Recipes'))?.icon_url).toBe('/icons/gallery/star.svg');
    const recipesRow = card.locator('[data-testid="category-row"][data-category-name="Recipes"]');
    await recipesRow.waitFor();
    expect(await recipesRow.locator('img').getAttribute('src')).toBe('/icons/gallery/star.svg');
    // The new folder is a grid section with its icon.
    await section(page, 'Recipes').waitFor();

    // A second folder with the same name (any case): 'Category exists'.
    await card.getByRole('button', { name: 'Add Category' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByLabel('Category Name').fill('recipes');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'A category with this name already exists.');
    await page.locator('[data-sonner-toast]', { hasText: 'Category exists' }).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: rename and upload a custom icon (wrong type refused first).
    await recipesRow.getByRole('button', { name: 'Edit Recipes' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    expect(await dialog.getByLabel('Category Name').inputValue()).toBe('Recipes');
    const file = dialog.getByTestId('category-icon-file');
    await file.setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expectToast(page, 'Please select a JPG, PNG, or GIF image.');
    await file.setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByText('Custom: mine.png').waitFor();
    await dialog.getByLabel('Category Name').fill('Cooking');
    await dialog.getByRole('button', { name: 'Update Category' }).click();
    await expectToast(page, 'Category updated');
    const cooking = await categoryNamed(user.user.id, 'Cooking');
    expect(cooking?.icon_url).toMatch(/\/storage\/v1\/object\/public\/category-icons\//);

    // Remove Icon: confirm, toast, removed-state banner, saved on 'Update Category'.
    const cookingRow = card.locator('[data-testid="category-row"][data-category-name="Cooking"]');
    await cookingRow.getByRole('button', { name: 'Edit Cooking' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await dialog.getByRole('button', { name: 'Remove Icon' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Icon' });
    expect(await confirm.innerText()).toContain('Are you sure you want to remove this icon? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, "Click 'Update Category' to save the changes.");
    await page.locator('[data-sonner-toast]', { hasText: 'Icon removed' }).first().waitFor();
    await dialog.getByTestId('icon-removed-banner').waitFor();
    expect((await categoryNamed(user.user.id, 'Cooking'))?.icon_url).not.toBeNull();
    await dialog.getByRole('button', { name: 'Update Category' }).click();
    await expectToast(page, 'Category updated');
    await expect.poll(async () => (await categoryNamed(user.user.id, 'Cooking'))?.icon_url).toBeNull();
    await context.close();
  });

  it('deletes a folder and its links after the native confirm; dismissing keeps it', async () => {
    const { context, page, user } = await openDashboard(browser);
    const { data: folder } = await user.client
      .from('categories')
      .insert({ user_id: user.user.id, name: 'Trips' })
      .select('id')
      .single<{ id: string }>();
    await seedLinks(
      user,
      [
        { title: 'Lisbon', url: 'https://lisbon.example' },
        { title: 'Oslo', url: 'https://oslo.example' },
      ],
      { folderId: folder!.id },
    );
    await seedLinks(user, [{ title: 'Elsewhere', url: 'https://elsewhere.example' }]);
    await page.reload();
    await waitForGrid(page);
    await card(section(page, 'Trips'), 'Oslo').waitFor();

    const row = page.locator('[data-testid="category-row"][data-category-name="Trips"]');
    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await row.getByRole('button', { name: 'Delete Trips' }).click();
    expect(messages).toEqual(['Are you sure you want to delete this category? All links inside will also be permanently deleted.']);
    expect(await categoryNamed(user.user.id, 'Trips')).not.toBeNull();

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Delete Trips' }).click();
    await expectToast(page, 'Category deleted');
    await section(page, 'Trips').waitFor({ state: 'detached' });
    expect(await categoryNamed(user.user.id, 'Trips')).toBeNull();
    const { data: left } = await serviceClient()
      .from('links')
      .select('title')
      .eq('user_id', user.user.id)
      .overrideTypes<Array<{ title: string }>, { merge: false }>();
    expect((left ?? []).map((l) => l.title)).toEqual(['Elsewhere']);
    await context.close();
  });
});
