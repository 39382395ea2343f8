import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { openDashboard, waitForGrid } from './dashboard-helpers.ts';
import { launchChromium } from './web-browser.ts';

// Every folder in reach: a browser's bookmarks (nested folders, Chrome's ICON data URIs) imported
// through the UI, then found in the dashboard's sections and in Manage Categories' tree, and a
// folder moved out of its parent and back from the tree. Real Chromium against the test stack.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

// A real 1×1 PNG, as Chrome writes a favicon into its bookmarks file.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
// Says PNG, is HTML: the bytes decide, so it is never stored.
const FAKE_PNG = Buffer.from('<html><body><script>alert(1)</script></body></html>').toString('base64');

// Chrome's export: the bar holds only folders, so every link sits in a subfolder.
const CHROME_FILE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
    <DL><p>
        <DT><H3>Dev</H3>
        <DL><p>
            <DT><A HREF="https://vite.dev/" ADD_DATE="1600000000" ICON="data:image/png;base64,${PNG_1X1}">Vite</A>
            <DT><H3>Tools</H3>
            <DL><p>
                <DT><A HREF="https://eslint.org/" ICON="data:image/png;base64,${PNG_1X1}">ESLint</A>
                <DT><A HREF="https://prettier.io/" ICON="data:image/png;base64,${FAKE_PNG}">Prettier</A>
            </DL><p>
        </DL><p>
        <DT><H3>News</H3>
        <DL><p>
            <DT><A HREF="https://news.example/">News</A>
        </DL><p>
    </DL><p>
</DL><p>`;

interface FolderRow {
  id: string;
  name: string;
  parent_category_id: string | null;
}

async function foldersOf(userId: string): Promise<FolderRow[]> {
  const { data, error } = await serviceClient()
    .from('categories')
    .select('id,name,parent_category_id')
    .eq('user_id', userId)
    .overrideTypes<FolderRow[], { merge: false }>();
  if (error) throw error;
  return data ?? [];
}

const folderNamed = (folders: FolderRow[], name: string) => {
  const found = folders.find((f) => f.name === name);
  if (!found) throw new Error(`no folder ${name}`);
  return found;
};

async function importFile(page: Page, name: string, contents: string): Promise<void> {
  await page.goto('/settings/data');
  await page.getByRole('heading', { name: 'Import & export' }).waitFor();
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/html', buffer: Buffer.from(contents) });
  await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
}

const manageRow = (page: Page, name: string) => page.getByTestId('category-row').and(page.locator(`[data-category-name="${name}"]`));

describe('every folder in reach', () => {
  it('imports nested folders and icons, shows them in the sections and the tree, and moves a folder out and back', async () => {
    const user = await createConfirmedUser({ firstName: 'Tree', lastName: 'Folder' });
    const { context, page } = await openDashboard(browser, { user, theme: 'light' });

    // ── Import: the summary says where the links went and which icons were kept.
    await importFile(page, 'bookmarks.html', CHROME_FILE);
    expect(await page.getByTestId('summary-imported').innerText()).toBe('4 links imported into 3 folders: 3 new, 0 existing');
    expect(await page.getByTestId('summary-other-folders').innerText()).toBe('1 more new folder holds only subfolders (or nothing)');
    expect(await page.getByTestId('summary-icons').innerText()).toBe('1 site icon kept (1 not kept: only PNG, JPEG or GIF up to 256 KB)');

    // The PNG became one stored object, shared by both links; the fake one was dropped.
    const { data: links, error } = await serviceClient()
      .from('links')
      .select('title,icon_url')
      .eq('user_id', user.user.id)
      .order('title')
      .overrideTypes<Array<{ title: string; icon_url: string | null }>, { merge: false }>();
    expect(error).toBeNull();
    const icons = new Map((links ?? []).map((l) => [l.title, l.icon_url]));
    expect(icons.get('Prettier')).toBeNull();
    expect(icons.get('News')).toBeNull();
    const stored = icons.get('Vite');
    expect(stored).toMatch(new RegExp(`/storage/v1/object/public/link-icons/${user.user.id}/`));
    expect(icons.get('ESLint')).toBe(stored);
    const served = await fetch(stored as string);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);

    // ── Dashboard: the header counts every folder (the four imported, Recently Saved Links, APPROVED, REJECTED).
    await page.goto('/dashboard');
    await waitForGrid(page);
    expect(await page.getByTestId('links-total').innerText()).toBe('4 links in 7 categories');
    // 'Bookmarks bar' holds no links itself; its section shows its subfolders with what is in them.
    const bar = page.getByTestId('category-section').filter({ has: page.getByRole('heading', { name: 'Bookmarks bar' }) });
    const chips = bar.getByTestId('subfolder-chip');
    expect(await chips.allTextContents()).toEqual(['Dev3 in all', 'News1']);
    expect(await chips.first().getAttribute('aria-label')).toBe('Open Dev, 3 links with its subfolders');
    await bar.getByText('No links directly in this folder: open a subfolder above.').waitFor();
    await chips.filter({ hasText: 'Dev' }).click();
    await page.waitForURL(/\/category\//);
    await page.getByRole('heading', { name: 'Dev' }).first().waitFor();
    await page.goBack();
    await waitForGrid(page);

    // ── Manage Categories: the tree, opened with the keyboard.
    const manage = page.getByRole('region', { name: 'Manage Categories' });
    await expect.poll(() => manageRow(page, 'Dev').count()).toBe(0);
    const expandBar = manage.getByRole('button', { name: 'Expand Bookmarks bar' });
    await expandBar.focus();
    await page.keyboard.press('Enter');
    await manage.getByRole('button', { name: 'Collapse Bookmarks bar' }).waitFor();
    await manageRow(page, 'Dev').waitFor();
    expect(await manageRow(page, 'Dev').getAttribute('data-depth')).toBe('1');
    expect(await manageRow(page, 'Bookmarks bar').getByTestId('category-subtree').innerText()).toBe('3 subfolders · 4 links in all');
    await manage.getByRole('button', { name: 'Expand Dev' }).press('Enter');
    await manageRow(page, 'Tools').waitFor();
    expect(await manageRow(page, 'Tools').getAttribute('data-depth')).toBe('2');
    expect(await manageRow(page, 'Tools').getByTestId('category-count').innerText()).toBe('2');
    expect(await manageRow(page, 'Dev').getByTestId('category-count').innerText()).toBe('1');
    await manage.scrollIntoViewIfNeeded();

    // ── Move 'Tools' to the top level from the tree, then back into 'Dev'.
    await manageRow(page, 'Tools').getByRole('button', { name: 'Move Tools' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move folder' });
    const target = dialog.getByLabel('Move into');
    // Never into itself or below itself.
    await target.waitFor();
    const options = await target.locator('option').allTextContents();
    expect(options).toContain('Bookmarks bar / Dev');
    expect(options.some((o) => o.includes('Tools'))).toBe(false);
    await target.selectOption({ label: 'Top level (no parent folder)' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.locator('[data-sonner-toast]', { hasText: '"Tools" is now a top-level folder.' }).first().waitFor();
    await expect.poll(async () => folderNamed(await foldersOf(user.user.id), 'Tools').parent_category_id).toBeNull();
    await expect.poll(() => manageRow(page, 'Tools').getAttribute('data-depth')).toBe('0');
    // A top-level folder is a section of its own now.
    await page
      .getByTestId('category-section')
      .filter({ has: page.getByRole('heading', { name: 'Tools' }) })
      .waitFor();
    expect(await page.getByTestId('links-total').innerText()).toBe('4 links in 7 categories');

    await manageRow(page, 'Tools').getByRole('button', { name: 'Move Tools' }).click();
    await dialog.getByLabel('Move into').selectOption({ label: 'Bookmarks bar / Dev' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.locator('[data-sonner-toast]', { hasText: '"Tools" is now inside "Dev".' }).first().waitFor();
    const after = await foldersOf(user.user.id);
    expect(folderNamed(after, 'Tools').parent_category_id).toBe(folderNamed(after, 'Dev').id);

    // The tree at a phone's width, light theme.
    await page.setViewportSize({ width: 390, height: 844 });
    // The card moves below the links at this width (a new element): wait for it there.
    await page.waitForFunction(() => window.innerWidth === 390);
    await manageRow(page, 'Tools').waitFor();
    await page.getByRole('heading', { name: 'Manage Categories' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await context.close();
  }, 120_000);

  it('the database refuses a loop: a folder into its own subfolder (400, nothing changes)', async () => {
    const user = await createConfirmedUser();
    const insert = async (name: string, parent: string | null) => {
      const { data, error } = await user.client
        .from('categories')
        .insert({ user_id: user.user.id, name, parent_category_id: parent })
        .select('id')
        .single();
      if (error) throw error;
      return data.id;
    };
    const top = await insert('Top', null);
    const middle = await insert('Middle', top);
    const bottom = await insert('Bottom', middle);

    const intoGrandchild = await user.client.from('categories').update({ parent_category_id: bottom }).eq('id', top).select('id');
    expect(intoGrandchild.status).toBe(400);
    expect(intoGrandchild.error?.message).toBe('A folder cannot be moved into itself or one of its subfolders.');
    const intoItself = await user.client.from('categories').update({ parent_category_id: top }).eq('id', top).select('id');
    expect(intoItself.error).not.toBeNull();
    expect(folderNamed(await foldersOf(user.user.id), 'Top').parent_category_id).toBeNull();

    // Positive control: out to the top and back in works.
    const out = await user.client.from('categories').update({ parent_category_id: null }).eq('id', bottom).select('id');
    expect(out.data).toHaveLength(1);
    const back = await user.client.from('categories').update({ parent_category_id: middle }).eq('id', bottom).select('id');
    expect(back.data).toHaveLength(1);
    expect(folderNamed(await foldersOf(user.user.id), 'Bottom').parent_category_id).toBe(middle);

    // Another user's folder is never a parent.
    const other = await createConfirmedUser();
    const { data: theirs } = await other.client.from('categories').select('id').eq('system_key', 'saved').single();
    const foreign = await user.client
      .from('categories')
      .update({ parent_category_id: (theirs as { id: string }).id })
      .eq('id', bottom)
      .select('id');
    expect(foreign.error).not.toBeNull();
    expect(folderNamed(await foldersOf(user.user.id), 'Bottom').parent_category_id).toBe(middle);
  }, 60_000);
});
