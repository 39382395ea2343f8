import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSettingsIcons } from '../../shared/data/settings-icons/api.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { card, openDashboard, solidPng, useSessionOf, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * 'Our Templates', /category/all-templates, copying a template, the Template Manager and
 * the Settings Icon Manager (part 2 §2, §5, §6, §7, §8), as a plain user and as an admin.
 * Global state (admins, templates, settings icons) is created uniquely named and removed at the end.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;
const tag = () => randomUUID().slice(0, 6);

/** A template folder with links, as the service role (what an admin or the seed would have made). */
async function seedTemplate(name: string, links: Array<{ title: string; url: string }>): Promise<string> {
  const { data, error } = await serviceClient()
    .from('categories')
    .insert({ user_id: null, name, is_template: true, display_order: -100 })
    .select('id')
    .single();
  if (error) throw error;
  const id = data.id;
  const rows = links.map((l, i) => ({
    ...l,
    user_id: null,
    is_template: true,
    category_id: id,
    created_at: new Date(Date.UTC(2025, 0, 1, 12, 0 - i)).toISOString(),
  }));
  const inserted = await serviceClient().from('links').insert(rows);
  if (inserted.error) throw inserted.error;
  return id;
}

async function deleteTemplatesNamed(prefix: string): Promise<void> {
  await serviceClient().from('categories').delete().eq('is_template', true).like('name', `${prefix}%`);
}

/** The user's own top-level folders whose name starts with `prefix`, with their link titles. */
async function ownCopies(user: ConfirmedUser, prefix: string): Promise<Array<{ name: string; links: string[] }>> {
  const { data, error } = await serviceClient()
    .from('categories')
    .select('id,name')
    .eq('user_id', user.user.id)
    .is('parent_category_id', null)
    .like('name', `${prefix}%`)
    .order('name');
  if (error) throw error;
  const out: Array<{ name: string; links: string[] }> = [];
  for (const c of data ?? []) {
    const links = await serviceClient().from('links').select('title').eq('category_id', c.id).eq('user_id', user.user.id);
    if (links.error) throw links.error;
    out.push({ name: c.name, links: (links.data ?? []).map((l) => l.title).sort() });
  }
  return out;
}

const templateCard = (page: Page, name: string) => page.locator(`[data-testid="template-folder"][data-template-name="${name}"]`);
const managerRow = (page: Page, name: string) => page.locator(`[data-testid="template-manager-row"][data-template-name="${name}"]`);

describe('templates as a plain user', () => {
  it('sees no admin cards; copies a template from the card, again from its own read-only view ("Name (2)")', async () => {
    const prefix = `E2E Starter ${tag()}`;
    const name = `${prefix} Kit`;
    const templateId = await seedTemplate(name, [
      { title: 'Starter Docs', url: 'https://starter.example/docs' },
      { title: 'Starter Blog', url: 'https://starter.example/blog' },
    ]);
    try {
      const { page, user } = await openDashboard(browser);
      const ours = page.getByTestId('our-templates');
      await ours.getByRole('heading', { name: 'Our Templates' }).waitFor();
      await ours.getByText('Curated', { exact: true }).waitFor();
      await templateCard(page, name).waitFor({ timeout: WAIT });
      expect(await templateCard(page, name).innerText()).toContain('2 links');
      expect(await templateCard(page, name).innerText()).toContain('Starter Docs');

      // A user who is not an admin sees neither admin card, and no developer instructions.
      for (const id of ['template-manager', 'settings-icon-manager']) expect(await page.getByTestId(id).count()).toBe(0);
      expect(await page.getByText('npm run admin').count()).toBe(0);
      await page.getByTestId('template-cards').scrollIntoViewIfNeeded();

      // Copy from the card: the folder and its links land in the user's collection, no reload.
      await templateCard(page, name)
        .getByRole('button', { name: `Copy ${name}` })
        .click();
      await expectToast(page, 'Template copied', WAIT);
      await expectToast(page, `"${name}" is now in your folders.`, WAIT);
      expect(await ownCopies(user, prefix)).toEqual([{ name, links: ['Starter Blog', 'Starter Docs'] }]);
      await page.getByTestId('your-categories').getByRole('link', { name, exact: true }).waitFor({ timeout: WAIT });

      // View All → Our Templates, with the folder view's modes; no Customize for non-admins.
      await page.getByTestId('our-templates').getByRole('link', { name: 'View All' }).click();
      await page.waitForURL('**/category/all-templates');
      await page.getByRole('heading', { level: 1, name: /Our Templates/ }).waitFor();
      await templateCard(page, name).waitFor({ timeout: WAIT });
      expect(await page.getByRole('button', { name: 'Customize' }).count()).toBe(0);
      await page.getByRole('radio', { name: 'List' }).click();
      expect(await page.getByTestId('template-folders').getAttribute('data-view-mode')).toBe('list');
      await page.getByRole('radio', { name: 'Compact' }).click();
      expect(await page.getByTestId('template-folders').getAttribute('data-view-mode')).toBe('compact');
      await page.getByRole('radio', { name: 'Gallery' }).click();

      // The template's own view: its links, read-only, 'Copy to my collection'.
      await templateCard(page, name)
        .getByRole('link', { name: new RegExp(name) })
        .click();
      await page.waitForURL(`**/category/all-templates/${templateId}`);
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: WAIT });
      await card(page, 'Starter Docs').waitFor({ timeout: WAIT });
      expect(await page.getByTestId('folder-count').innerText()).toBe('2 links · Template (read-only)');
      expect(await page.getByRole('button', { name: 'Add link' }).count()).toBe(0);
      await card(page, 'Starter Docs').getByRole('button', { name: 'Actions for Starter Docs' }).click();
      await page.getByRole('menuitem', { name: 'Go to Site (Same Page)' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Edit Link' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Delete Link' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      // Copying again makes a second folder, 'Name (2)', instead of failing or merging.
      await page.getByRole('button', { name: 'Copy to my collection' }).click();
      await expectToast(page, `"${name} (2)" is now in your folders.`, WAIT);
      expect(await ownCopies(user, prefix)).toEqual([
        { name, links: ['Starter Blog', 'Starter Docs'] },
        { name: `${name} (2)`, links: ['Starter Blog', 'Starter Docs'] },
      ]);
      // Home goes back to the dashboard, which already lists both copies.
      await page.getByRole('button', { name: 'Home' }).click();
      await page.waitForURL('**/dashboard');
      await page
        .getByTestId('your-categories')
        .getByRole('link', { name: `${name} (2)`, exact: true })
        .waitFor({ timeout: WAIT });
      await page.context().close();
    } finally {
      await deleteTemplatesNamed(prefix);
    }
  });

  it('phone (390 px): the cards and Our Templates fit the screen', async () => {
    const prefix = `E2E Phone ${tag()}`;
    const name = `${prefix} Set`;
    await seedTemplate(name, [{ title: 'Phone Link', url: 'https://phone.example' }]);
    try {
      const { page } = await openDashboard(browser, { phone: true });
      await templateCard(page, name).waitFor({ timeout: WAIT });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByTestId('template-cards').scrollIntoViewIfNeeded();
      await page.goto('/category/all-templates');
      await templateCard(page, name).waitFor({ timeout: WAIT });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.context().close();
    } finally {
      await deleteTemplatesNamed(prefix);
    }
  });
});

describe('templates that fail to load', () => {
  it("say 'Failed to load template categories. Please try again.' in the card and toast 'Failed to load templates.'; Retry recovers", async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const user = await createConfirmedUser();
    await useSessionOf(context, user);
    let failing = true;
    // Only the template reads (is_template=eq.true) fail, as a server error would.
    await context.route(/\/rest\/v1\/(categories|links)\?.*is_template=eq\.true/, (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'XX000', message: 'boom', details: null, hint: null }),
          })
        : route.continue(),
    );
    const page = await context.newPage();
    await page.goto('/dashboard');
    await waitForGrid(page);
    const ours = page.getByTestId('our-templates');
    await ours.getByText('Failed to load template categories. Please try again.').waitFor({ timeout: WAIT });
    await expectToast(page, 'Failed to load templates.', WAIT);
    failing = false;
    await ours.getByRole('button', { name: 'Retry' }).click();
    await ours.getByTestId('template-folder').first().waitFor({ timeout: WAIT });
    await context.close();
  });
});

describe('templates as an admin', () => {
  it('creates, renames, re-icons, reorders, edits the links of and deletes a template; uploads a settings icon that /settings shows', async () => {
    const prefix = `E2E Admin ${tag()}`;
    const admin = await createConfirmedUser({ firstName: 'Ada', lastName: 'Admin' });
    const granted = await serviceClient().from('user_roles').insert({ user_id: admin.user.id, role: 'admin' });
    expect(granted.error).toBeNull();
    const uploadedSettings: string[] = [];
    const templateIconFolders: string[] = [];
    try {
      const { page } = await openDashboard(browser, { user: admin });
      const manager = page.getByTestId('template-manager');
      await manager.getByRole('button', { name: 'Create Template' }).waitFor({ timeout: WAIT });
      expect(await manager.getByText('Admin Access Required').count()).toBe(0);

      // 'Template name is required' for a blank name.
      await manager.getByTestId('template-name-input').fill('   ');
      await manager.getByRole('button', { name: 'Create Template' }).click();
      await manager.getByRole('alert').getByText('Template name is required').waitFor();

      // Create two, so one can move above the other.
      const first = `${prefix} Alpha`;
      const second = `${prefix} Beta`;
      for (const name of [first, second]) {
        await manager.getByTestId('template-name-input').fill(name);
        await manager.getByRole('button', { name: 'Create Template' }).click();
        await managerRow(page, name).waitFor({ timeout: WAIT });
      }
      const rowNames = () =>
        manager.getByTestId('template-manager-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-template-name')));
      await expect.poll(async () => (await rowNames()).filter((n) => n?.startsWith(prefix)), { timeout: WAIT }).toEqual([first, second]);

      // Reorder: Beta up, above Alpha (display_order on the server).
      await managerRow(page, second)
        .getByRole('button', { name: `Move ${second} up` })
        .click();
      await expect.poll(async () => (await rowNames()).filter((n) => n?.startsWith(prefix)), { timeout: WAIT }).toEqual([second, first]);
      const { data: ordered } = await serviceClient()
        .from('categories')
        .select('name')
        .eq('is_template', true)
        .like('name', `${prefix}%`)
        .order('display_order')
        .overrideTypes<Array<{ name: string }>, { merge: false }>();
      expect((ordered ?? []).map((r) => r.name)).toEqual([second, first]);

      // Rename Alpha.
      const renamed = `${prefix} Gamma`;
      await managerRow(page, first)
        .getByRole('button', { name: `Rename ${first}` })
        .click();
      const renameDialog = page.getByRole('dialog', { name: 'Rename template' });
      await renameDialog.getByTestId('template-rename-input').fill(renamed);
      await renameDialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Template renamed', WAIT);
      await managerRow(page, renamed).waitFor({ timeout: WAIT });

      // Icon: an upload lands in category-icons under templates/{id}/.
      const { data: gamma } = await serviceClient().from('categories').select('id').eq('name', renamed).single();
      const gammaId = gamma!.id;
      templateIconFolders.push(`templates/${gammaId}`);
      await managerRow(page, renamed)
        .getByRole('button', { name: `Change icon of ${renamed}` })
        .click();
      const iconDialog = page.getByRole('dialog', { name: `Icon of ${renamed}` });
      await iconDialog
        .getByTestId('category-icon-file')
        .setInputFiles({ name: 'tpl.png', mimeType: 'image/png', buffer: solidPng([59, 130, 246], 32, 32) });
      await iconDialog.getByRole('button', { name: 'Save icon' }).click();
      await expectToast(page, 'Icon updated', WAIT);
      await expect
        .poll(
          async () =>
            (await serviceClient().from('categories').select('icon_url').eq('id', gammaId).single()).data?.icon_url as string | null,
          { timeout: WAIT },
        )
        .toMatch(new RegExp(`/storage/v1/object/public/category-icons/templates/${gammaId}/\\d+\\.png$`));
      await managerRow(page, renamed).locator('img').waitFor({ timeout: WAIT });
      await page.getByTestId('template-manager').scrollIntoViewIfNeeded();

      // The template's own view: admins add, edit and remove its links.
      await managerRow(page, renamed).getByRole('link', { name: renamed }).click();
      await page.waitForURL(`**/category/all-templates/${gammaId}`);
      await page.getByRole('button', { name: 'Add link' }).click();
      const addDialog = page.getByRole('dialog', { name: 'Add link to template' });
      await addDialog.getByTestId('template-link-title').fill('Gamma Guide');
      await addDialog.getByTestId('template-link-url').fill('https://gamma.example/guide');
      await addDialog.getByRole('button', { name: 'Add link' }).click();
      await expectToast(page, 'Link Added!', WAIT);
      await card(page, 'Gamma Guide').waitFor({ timeout: WAIT });
      expect(await page.getByTestId('folder-count').innerText()).toBe('1 link · You can edit this template');

      await card(page, 'Gamma Guide').getByRole('button', { name: 'Actions for Gamma Guide' }).click();
      await page.getByRole('menuitem', { name: 'Edit Link' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit template link' });
      await editDialog.getByTestId('template-link-title').fill('Gamma Handbook');
      await editDialog.getByRole('button', { name: 'Save link' }).click();
      await card(page, 'Gamma Handbook').waitFor({ timeout: WAIT });
      const { data: tplLinks } = await serviceClient().from('links').select('title,url,is_template,user_id').eq('category_id', gammaId);
      expect(tplLinks).toEqual([{ title: 'Gamma Handbook', url: 'https://gamma.example/guide', is_template: true, user_id: null }]);

      await card(page, 'Gamma Handbook').getByRole('button', { name: 'Actions for Gamma Handbook' }).click();
      await page.getByRole('menuitem', { name: 'Delete Link' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId('folder-empty').waitFor({ timeout: WAIT });
      expect((await serviceClient().from('links').select('id').eq('category_id', gammaId)).data).toEqual([]);

      // Customize on Our Templates (admins only) opens the Template Manager there.
      await page.getByRole('link', { name: 'Our Templates' }).click();
      await page.waitForURL('**/category/all-templates');
      await page.getByRole('button', { name: 'Customize' }).click();
      await page.getByRole('menuitem', { name: 'Manage templates' }).click();
      await managerRow(page, renamed).waitFor({ timeout: WAIT });

      // Delete with the spec's confirmation; the template and its links are gone.
      await managerRow(page, second)
        .getByRole('button', { name: `Delete ${second}` })
        .click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('Delete this template? This will also delete all its links.').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Template deleted', WAIT);
      await managerRow(page, second).waitFor({ state: 'detached', timeout: WAIT });
      expect((await serviceClient().from('categories').select('id').eq('name', second)).data).toEqual([]);

      // Settings Icon Manager: upload an icon for 'About'; it is listed, chosen, and /settings shows it,
      // also to a plain user (they read the choice and can list settings/).
      await page.goto('/dashboard');
      const iconManager = page.getByTestId('settings-icon-manager');
      await iconManager.getByTestId('settings-icon-slug').selectOption('about');
      await iconManager.getByTestId('settings-icons-empty').or(iconManager.getByTestId('settings-icon-list')).waitFor({ timeout: WAIT });
      const before = await iconManager.getByRole('radio').count();
      await iconManager
        .getByTestId('settings-icon-manager-file')
        .setInputFiles({ name: 'about.png', mimeType: 'image/png', buffer: solidPng([16, 185, 129], 40, 40) });
      await expectToast(page, 'Icon uploaded', WAIT);
      await expect.poll(() => iconManager.getByRole('radio').count(), { timeout: WAIT }).toBe(before + 1);
      const { data: listed } = await serviceClient().storage.from('category-icons').list('settings/about');
      uploadedSettings.push(...(listed ?? []).map((o) => `settings/about/${o.name}`));
      await expect.poll(() => iconManager.getByRole('radio', { checked: true }).count(), { timeout: WAIT }).toBe(1);
      await iconManager.scrollIntoViewIfNeeded();

      const { data: chosen } = await serviceClient().from('settings_icons').select('path').eq('slug', 'about').single();
      expect(chosen?.path).toMatch(/^settings\/about\/\d+\.png$/);
      const plain = await createConfirmedUser();
      expect((await listSettingsIcons(plain.client, ['about']))['about']).toMatch(new RegExp(`/category-icons/${chosen!.path}$`));

      await page.goto('/settings');
      await expect.poll(() => page.getByTestId('settings-icon-about').evaluate((el) => el.tagName), { timeout: WAIT }).toBe('IMG');
      await page.context().close();
    } finally {
      // Global state: no admin, no template, no settings icon left for other tests.
      await deleteTemplatesNamed(prefix);
      for (const folder of templateIconFolders) {
        const { data: files } = await serviceClient().storage.from('category-icons').list(folder);
        if (files?.length)
          await serviceClient()
            .storage.from('category-icons')
            .remove(files.map((f) => `${folder}/${f.name}`));
      }
      if (uploadedSettings.length) await serviceClient().storage.from('category-icons').remove(uploadedSettings);
      await serviceClient()
        .from('settings_icons')
        .delete()
        .in('path', uploadedSettings.length ? uploadedSettings : ['-']);
      await serviceClient().from('user_roles').delete().eq('user_id', admin.user.id);
    }
  });
});
