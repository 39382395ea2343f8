import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import {
  card,
  createCategory,
  folderOrder,
  openDashboard,
  section,
  seedLinks,
  shownTitles,
  systemFolderId,
  useSessionOf,
} from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext, type ContextOptions } from './web-browser.ts';

/** The category folder view (part 2 §2, §4, §5, §8). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const TOAST_WAIT = 20_000;

async function openFolder(user: ConfirmedUser, folderId: string, opts: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark', ...opts });
  await useSessionOf(context, user);
  const page = await context.newPage();
  await page.goto(`/category/${folderId}`);
  await waitForFolder(page);
  return page;
}

async function waitForFolder(page: Page) {
  await page.getByTestId('folder-header').waitFor({ timeout: TOAST_WAIT });
  await page.locator('[data-testid="folder-links"], [data-testid="folder-empty"]').first().waitFor({ timeout: TOAST_WAIT });
}

const LONG_DESCRIPTION = `${'A very long description of a recipe site that goes on and on. '.repeat(3)}END`;

describe('folder view', () => {
  it('opens from the dashboard and from its URL alone: header, count, Home, search, 120-char descriptions, view modes, sorts', async () => {
    const { page, user } = await openDashboard(browser);
    const folderId = await createCategory(user.client, user.user.id, 'Recipes');
    await seedLinks(
      user,
      [
        { title: 'Pasta Night', url: 'https://food.example/pasta' },
        { title: 'apple pie', url: 'https://bakery.example/apple' },
        { title: 'Zucchini Bread', url: 'https://bakery.example/zucchini' },
      ],
      { folderId },
    );
    await serviceClient()
      .from('links')
      .update({ description: LONG_DESCRIPTION, access_count: 7 })
      .eq('title', 'Zucchini Bread')
      .eq('user_id', user.user.id);
    await serviceClient().from('links').update({ share_count: 4 }).eq('title', 'apple pie').eq('user_id', user.user.id);
    await page.reload();
    await section(page, 'Recipes').getByTitle('Open Recipes').click();
    await page.waitForURL(`**/category/${folderId}`);
    await waitForFolder(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Recipes');
    expect(await page.getByTestId('folder-count').innerText()).toBe('3 links');
    expect(await shownTitles(page)).toEqual(['Pasta Night', 'apple pie', 'Zucchini Bread']);

    // A description over 120 characters is cut with '...'; the full text is on hover/focus.
    const description = card(page, 'Zucchini Bread').getByTestId('link-description');
    const shown = await description.innerText();
    expect(shown.endsWith('...')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(123);
    expect(await description.getAttribute('title')).toBe(LONG_DESCRIPTION);

    // Search by title or URL, case-insensitive.
    await page.getByTestId('folder-search').fill('PASTA');
    await expect.poll(() => shownTitles(page)).toEqual(['Pasta Night']);
    await page.getByTestId('folder-search').fill('BAKERY.example');
    await expect.poll(() => shownTitles(page)).toEqual(['apple pie', 'Zucchini Bread']);
    await page.getByTestId('folder-search').fill('nothing-like-this');
    await page.getByTestId('folder-empty').getByText('No links match your search.').waitFor();
    await page.getByTestId('folder-search').fill('');

    // View modes: gallery 3 / compact 4 / list 1 columns at 1280 px (cards of a readable width); remembered after a reload.
    const grid = page.getByTestId('folder-links');
    expect(await grid.getAttribute('data-columns')).toBe('3');
    await page.getByRole('radio', { name: 'Compact' }).click();
    await expect.poll(() => grid.getAttribute('data-columns')).toBe('4');
    await page.getByRole('radio', { name: 'List' }).click();
    await expect.poll(() => grid.getAttribute('data-columns')).toBe('1');

    // Sorts.
    const sort = page.getByLabel('Sort');
    await sort.selectOption('alphabetical');
    await expect.poll(() => shownTitles(page)).toEqual(['apple pie', 'Pasta Night', 'Zucchini Bread']);
    await sort.selectOption('oldest');
    await expect.poll(() => shownTitles(page)).toEqual(['Zucchini Bread', 'apple pie', 'Pasta Night']);
    await sort.selectOption('most_viewed');
    await expect.poll(() => shownTitles(page)).toEqual(['Zucchini Bread', 'Pasta Night', 'apple pie']);
    await sort.selectOption('most_shared');
    await expect.poll(() => shownTitles(page)).toEqual(['apple pie', 'Pasta Night', 'Zucchini Bread']);
    // Reordering only in 'newest'.
    expect(await page.getByRole('group', { name: 'Move apple pie' }).count()).toBe(0);

    await page.reload();
    await waitForFolder(page);
    expect(await page.getByRole('radio', { name: 'List' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Sort').inputValue()).toBe('most_shared');
    await page.getByLabel('Sort').selectOption('newest');
    await page.getByRole('radio', { name: 'Gallery' }).click();

    // Home goes back to the dashboard.
    await page.getByRole('button', { name: 'Home' }).click();
    await page.waitForURL('**/dashboard');
    await page.context().close();
  });

  it('reorders in the newest sort (right, end), opens with a view counted, deletes with "Link deleted successfully!"', async () => {
    const user = await createConfirmedUser({ firstName: 'Ray', lastName: 'Order' });
    const folderId = await createCategory(user.client, user.user.id, 'Ordered');
    await seedLinks(
      user,
      [
        { title: 'One', url: 'https://one.example' },
        { title: 'Two', url: 'https://two.example' },
        { title: 'Three', url: 'https://three.example' },
      ],
      { folderId },
    );
    const page = await openFolder(user, folderId);

    await card(page, 'One').hover();
    await page.getByRole('group', { name: 'Move One' }).getByRole('button', { name: 'Right' }).click();
    await expectToast(page, 'Link moved right successfully!', TOAST_WAIT);
    await expect.poll(() => folderOrder(user.client, folderId)).toEqual(['Two', 'One', 'Three']);
    await expect.poll(() => shownTitles(page)).toEqual(['Two', 'One', 'Three']);

    await card(page, 'Two').hover();
    await page.getByRole('group', { name: 'Move Two' }).getByRole('button', { name: 'End' }).click();
    await expectToast(page, 'Link moved to end successfully!', TOAST_WAIT);
    await expect.poll(() => folderOrder(user.client, folderId)).toEqual(['One', 'Three', 'Two']);

    // With the keyboard, focus follows the moved link (cards are reused by slot, not by link).
    const focusedIn = () =>
      page.evaluate(() => [
        document.activeElement?.closest('article')?.getAttribute('aria-label'),
        document.activeElement?.getAttribute('aria-label'),
      ]);
    await card(page, 'One').getByRole('button', { name: 'Right' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownTitles(page)).toEqual(['Three', 'One', 'Two']);
    await expect.poll(focusedIn).toEqual(['One', 'Right']);
    await page.keyboard.press('ArrowLeft'); // to 'Left', in the same card (arrow keys move within a card)
    await page.keyboard.press('Enter');
    await expect.poll(() => shownTitles(page)).toEqual(['One', 'Three', 'Two']);
    // 'Left' is disabled at the beginning: focus goes to the card's first move button still enabled.
    await expect.poll(focusedIn).toEqual(['One', 'Right']);
    await expect.poll(() => folderOrder(user.client, folderId)).toEqual(['One', 'Three', 'Two']);

    // Open in a pop-up counts a view first.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await card(page, 'Three').getByRole('button', { name: 'Actions for Three' }).click();
    await page.getByRole('menuitem', { name: 'Go to Site (Pop-up Window)' }).click();
    await expect
      .poll(
        async () =>
          (
            (await serviceClient().from('links').select('access_count').eq('title', 'Three').eq('user_id', user.user.id).single()).data as {
              access_count: number;
            }
          ).access_count,
      )
      .toBe(1);

    await card(page, 'One').getByRole('button', { name: 'Actions for One' }).click();
    await page.getByRole('menuitem', { name: 'Delete Link' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Link' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Link deleted successfully!', TOAST_WAIT);
    await expect.poll(() => shownTitles(page)).toEqual(['Three', 'Two']);
    expect(await page.getByTestId('folder-count').innerText()).toBe('2 links');

    // Edit (an ordinary folder: the owner may edit).
    await card(page, 'Three').getByRole('button', { name: 'Actions for Three' }).click();
    await page.getByRole('menuitem', { name: 'Edit Link' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Link' });
    await edit.getByLabel('Title').fill('Three Edited');
    await edit.getByRole('button', { name: 'Update Link' }).click();
    await expectToast(page, 'Link updated', TOAST_WAIT);
    await expect.poll(() => shownTitles(page)).toEqual(['Three Edited', 'Two']);
    await page.context().close();
  });

  it('subfolders: blank name refused, create, list with count, open with breadcrumb, rename, change icon, delete', async () => {
    const user = await createConfirmedUser({ firstName: 'Sue', lastName: 'Folder' });
    const parentId = await createCategory(user.client, user.user.id, 'Projects');
    const page = await openFolder(user, parentId);

    const name = page.getByLabel('New subfolder name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Create Subfolder' }).click();
    await page.getByText('Please enter a subfolder name').waitFor();
    await name.fill('Garden');
    await page.getByRole('button', { name: 'Create Subfolder' }).click();
    const tile = page.locator('[data-testid="subfolder"][data-name="Garden"]');
    await tile.waitFor({ timeout: TOAST_WAIT });
    expect(await tile.getByLabel('0 links').count()).toBe(1);
    const { data: child } = await user.client.from('categories').select('id,parent_category_id').eq('name', 'Garden').single();
    expect(child?.parent_category_id).toBe(parentId);
    await seedLinks(user, [{ title: 'Tomatoes', url: 'https://garden.example/tomatoes' }], { folderId: child!.id });

    // Open it: breadcrumb back to the parent.
    await page.reload();
    await waitForFolder(page);
    await tile.getByLabel('1 links').waitFor();
    await tile.getByRole('link', { name: /Garden/ }).click();
    await page.waitForURL(`**/category/${child!.id}`);
    await waitForFolder(page);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await shownTitles(page)).toEqual(['Tomatoes']);
    await crumbs.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(`**/category/${parentId}`);
    await waitForFolder(page);

    // Rename.
    await tile.getByRole('button', { name: 'Folder actions for Garden' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename folder' });
    await rename.getByLabel('Folder name').fill('Backyard');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expectToast(page, 'Category renamed successfully!', TOAST_WAIT);
    const renamed = page.locator('[data-testid="subfolder"][data-name="Backyard"]');
    await renamed.waitFor();

    // Change icon: a gallery icon.
    await renamed.getByRole('button', { name: 'Folder actions for Backyard' }).click();
    await page.getByRole('menuitem', { name: 'Change icon' }).click();
    const iconDialog = page.getByRole('dialog', { name: 'Change icon' });
    await iconDialog.getByRole('radio').first().click();
    await iconDialog.getByRole('button', { name: 'Save icon' }).click();
    await expect
      .poll(
        async () =>
          (await user.client.from('categories').select('icon_url').eq('id', child!.id).single<{ icon_url: string | null }>()).data
            ?.icon_url ?? null,
      )
      .not.toBeNull();

    // Delete (native confirm of part 1).
    page.once('dialog', (dialog) => void dialog.accept());
    await renamed.getByRole('button', { name: 'Folder actions for Backyard' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await renamed.waitFor({ state: 'detached', timeout: TOAST_WAIT });
    expect((await serviceClient().from('categories').select('id').eq('id', child!.id)).data).toEqual([]);
    await page.context().close();
  });

  it('copy to folder: destination required, no default folders, replace existing, moved', async () => {
    const user = await createConfirmedUser({ firstName: 'Cody', lastName: 'Copy' });
    const src = await createCategory(user.client, user.user.id, 'Source');
    const dest = await createCategory(user.client, user.user.id, 'Destination');
    await seedLinks(user, [{ title: 'Same URL', url: 'https://same.example/' }], { folderId: dest });
    await seedLinks(user, [{ title: 'Movable', url: 'https://movable.example/' }], {
      folderId: src,
      newest: new Date(Date.now() - 7200_000),
    });
    const page = await openFolder(user, dest);

    const copyFrom = async (title: string) => {
      await card(page, title)
        .getByRole('button', { name: `Actions for ${title}` })
        .click();
      await page.getByRole('menuitem', { name: 'Move to folder' }).click();
      return page.getByRole('dialog', { name: 'Move to folder' });
    };

    // Required destination.
    let dialog = await copyFrom('Same URL');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText('Please choose a destination folder').waitFor();
    // Exclusion: no default folders for a non-admin.
    const options = await dialog.getByLabel('Destination folder').locator('option').allInnerTexts();
    expect(options).not.toContain('Recently Saved Links');

    // Same URL already in the destination: 'Replace existing link?' → yes → 'Link replaced'.
    await dialog.getByLabel('Destination folder').selectOption({ label: 'Destination' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.getByText('Replace existing link?').waitFor();
    await dialog.getByRole('button', { name: 'Yes, replace' }).click();
    await expectToast(page, 'Link replaced', TOAST_WAIT);

    // Same URL elsewhere is moved: the Source folder's link moves here.
    await page.goto(`/category/${src}`);
    await waitForFolder(page);
    dialog = await copyFrom('Movable');
    await dialog.getByLabel('Destination folder').selectOption({ label: 'Destination' });
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expectToast(page, 'Link moved', TOAST_WAIT);
    await expect.poll(() => folderOrder(user.client, dest)).toEqual(['Same URL', 'Movable']);

    // The Source folder is now empty; 'Link copied' (a URL new to the account) needs a link the user does not
    // own, which the folder view only shows for templates: tests/integration/data-folders.test.ts covers it.
    await page.reload();
    await waitForFolder(page);
    await page.getByTestId('folder-empty').getByText('This folder is empty.').waitFor();
    await page.context().close();
  });

  it('two users: A shares to B; B accepts into a chosen folder, rejects another, approves from REJECTED; counts and icons follow', async () => {
    const a = await createConfirmedUser({ firstName: 'Ann', lastName: 'Sender' });
    const b = await createConfirmedUser({ firstName: 'Ben', lastName: 'Receiver' });
    const keep = await createCategory(b.client, b.user.id, 'Keepers');
    const [l1, l2] = await seedLinks(a, [
      { title: 'Shared Keep', url: 'https://keep.example/' },
      { title: 'Shared Toss', url: 'https://toss.example/' },
    ]);
    const { error } = await a.client.from('shared_links').insert([
      { link_id: l1, sender_id: a.user.id, recipient_email: b.email, message: 'You will love this' },
      { link_id: l2, sender_id: a.user.id, recipient_email: b.email },
    ]);
    expect(error).toBeNull();
    const pending = async () => (await b.client.rpc('pending_incoming_count')).data as number;
    expect(await pending()).toBe(2);

    const incomingId = await systemFolderId(b, 'incoming');
    const page = await openFolder(b, incomingId);
    const inbox = page.getByTestId('incoming-shares');
    await inbox.getByText('Shared Keep', { exact: true }).waitFor({ timeout: TOAST_WAIT });
    await inbox.getByText('From Ann Sender').first().waitFor();
    await inbox.getByText(`(${a.email})`).first().waitFor();
    await inbox.getByText('You will love this').waitFor();
    expect(await page.getByTestId('folder-header').getByTestId('folder-glyph').getAttribute('data-icon')).toBe('incoming-full');
    expect(await page.getByTestId('folder-count').innerText()).toContain('2 pending');

    // Accept needs a destination.
    const keepRow = inbox.getByRole('listitem').filter({ hasText: 'Shared Keep' });
    await keepRow.getByRole('button', { name: 'Accept' }).click();
    await keepRow.getByText('Please choose a destination folder').waitFor();
    await keepRow.getByRole('combobox').selectOption({ label: 'Keepers' });
    await keepRow.getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, 'Link accepted and added to your collection!', TOAST_WAIT);
    await keepRow.waitFor({ state: 'detached', timeout: TOAST_WAIT });

    const tossRow = inbox.getByRole('listitem').filter({ hasText: 'Shared Toss' });
    await tossRow.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Link rejected', TOAST_WAIT);
    await tossRow.waitFor({ state: 'detached', timeout: TOAST_WAIT });
    await expect.poll(() => page.getByTestId('folder-header').getByTestId('folder-glyph').getAttribute('data-icon')).toBe('incoming-empty');
    expect(await pending()).toBe(0);

    // The accepted link is in Keepers with APPROVED as second category.
    const approvedId = await systemFolderId(b, 'approved');
    const rejectedId = await systemFolderId(b, 'rejected');
    const { data: kept } = await b.client
      .from('links')
      .select('category_id,second_category_id')
      .eq('url', 'https://keep.example/')
      .eq('user_id', b.user.id)
      .single();
    expect(kept).toEqual({ category_id: keep, second_category_id: approvedId });

    // Subfolder icons and counts follow: REJECTED has 1.
    const rejectedTile = page.locator('[data-testid="subfolder"][data-name="REJECTED"]');
    await rejectedTile.getByLabel('1 links').waitFor({ timeout: TOAST_WAIT });
    expect(await rejectedTile.getByTestId('folder-glyph').getAttribute('data-icon')).toBe('rejected-full');

    // Approve from REJECTED.
    await rejectedTile.getByRole('link').click();
    await page.waitForURL(`**/category/${rejectedId}`);
    await waitForFolder(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Recently Received Links (Incoming)' }).waitFor();
    // Incoming folders: no Edit (part 2 §2), but Move to folder.
    await card(page, 'Shared Toss').getByRole('button', { name: 'Actions for Shared Toss' }).click();
    await page.getByRole('menuitem', { name: 'Move to folder' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Edit Link' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await card(page, 'Shared Toss').getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Approved', TOAST_WAIT);
    await page.getByTestId('folder-empty').waitFor({ timeout: TOAST_WAIT });
    const { data: approved } = await b.client
      .from('links')
      .select('category_id')
      .eq('url', 'https://toss.example/')
      .eq('user_id', b.user.id)
      .single();
    expect(approved?.category_id).toBe(approvedId);
    await page.context().close();
  });

  it('a folder bigger than its first screen: the newest links first, then the whole list (search, reorder)', async () => {
    const user = await createConfirmedUser({ firstName: 'Big', lastName: 'Folder' });
    const folderId = await createCategory(user.client, user.user.id, 'Big Folder');
    const count = 150; // more than FOLDER_FIRST_SCREEN (120)
    await seedLinks(
      user,
      Array.from({ length: count }, (_, i) => ({ title: `Note ${i}`, url: `https://notes.example/${i}` })),
      { folderId },
    );

    const context = await newContext(browser, { theme: 'dark' });
    await useSessionOf(context, user);
    const page = await context.newPage();
    const reads: Array<number | null> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/rest/v1/rpc/list_folder_links') {
        reads.push((JSON.parse(request.postData() ?? '{}') as { p_limit?: number }).p_limit ?? null);
      }
    });
    await page.goto(`/category/${folderId}`);
    await waitForFolder(page);
    expect(await page.getByTestId('folder-count').innerText()).toBe('150 links');
    expect((await shownTitles(page))[0]).toBe('Note 0');
    // The first screen's read, then the whole list's.
    await page.locator('[data-testid="folder-results"][data-complete="true"]').waitFor({ timeout: TOAST_WAIT });
    expect(reads).toEqual([120, null]);

    // A search keystroke's frame holds only the rows in the window; the rows beyond it (overscan,
    // for scrolling) come back in the task after that frame's paint, so a keystroke in a big folder
    // stays within one frame.
    const rowsBeyond = await page.evaluate(async () => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="folder-search"]')!;
      const results = document.querySelector('[data-testid="folder-results"]')!;
      const beyond = () =>
        [...document.querySelectorAll('[data-testid="folder-links"] > [data-index]')].filter(
          (row) => row.getBoundingClientRect().top >= window.innerHeight,
        ).length;
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const before = beyond();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'Note 1');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      while (results.getAttribute('data-query') !== 'Note 1') await Promise.resolve();
      const keystroke = beyond();
      await afterPaint();
      await afterPaint();
      return { before, keystroke, after: beyond() };
    });
    expect(rowsBeyond.before).toBeGreaterThan(0);
    expect(rowsBeyond.keystroke).toBe(0);
    expect(rowsBeyond.after).toBeGreaterThan(0);

    // A link beyond the first screen is found.
    await page.getByTestId('folder-search').fill('Note 149');
    await expect.poll(() => shownTitles(page)).toEqual(['Note 149']);
    await page.getByTestId('folder-search').fill('');
    // Reordering works on the whole list: the newest link goes to the end, after Note 149.
    await card(page, 'Note 0').hover();
    await page.getByRole('group', { name: 'Move Note 0' }).getByRole('button', { name: 'End' }).click();
    await expectToast(page, 'Link moved to end successfully!', TOAST_WAIT);
    await expect.poll(async () => (await folderOrder(user.client, folderId)).slice(-2)).toEqual(['Note 149', 'Note 0']);
    await context.close();
  });

  it('permissions: B cannot open A\'s folder URL; a missing or malformed id shows "Folder not found"', async () => {
    const a = await createConfirmedUser({ firstName: 'Alice', lastName: 'Owner' });
    const b = await createConfirmedUser({ firstName: 'Bob', lastName: 'Snoop' });
    const folderId = await createCategory(a.client, a.user.id, 'Alice Private');
    await seedLinks(a, [{ title: 'Alice Secret Link', url: 'https://secret.example/' }], { folderId });

    const context = await newContext(browser, { theme: 'dark' });
    await useSessionOf(context, b);
    const page = await context.newPage();
    await page.goto(`/category/${folderId}`);
    await page.getByTestId('folder-not-found').waitFor({ timeout: TOAST_WAIT });
    expect(await page.content()).not.toContain('Alice Secret Link');
    expect(await page.content()).not.toContain('Alice Private');
    await page.goto('/category/not-a-folder');
    await page.getByTestId('folder-not-found').waitFor({ timeout: TOAST_WAIT });
    await page.getByTestId('folder-not-found').getByRole('button', { name: 'Home' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('phone (390 px): share folder offers {origin}/category/{id}; outline colour is saved; gallery has 1 column', async () => {
    const user = await createConfirmedUser({ firstName: 'Pho', lastName: 'Ne' });
    const folderId = await createCategory(user.client, user.user.id, 'Pocket');
    await seedLinks(
      user,
      [
        { title: 'Small One', url: 'https://small.example/1' },
        { title: 'Small Two', url: 'https://small.example/2' },
        { title: 'Small Three', url: 'https://small.example/3' },
      ],
      { folderId },
    );
    const page = await openFolder(user, folderId, { phone: true });
    expect(await page.getByTestId('folder-links').getAttribute('data-columns')).toBe('1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The folder's name keeps one line beside its icon (it was 'Po / ck / et'); its buttons are its 'More' menu.
    const heading = page.getByRole('heading', { level: 1, name: 'Pocket' });
    const lineHeight = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
    expect((await heading.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);

    // Phones: the icon outline is under 'View options'.
    await page.getByRole('button', { name: 'View options' }).click();
    await page.getByRole('radio', { name: 'Outline #ec4899' }).click();
    await expect
      .poll(
        async () =>
          (
            await user.client
              .from('profiles')
              .select('icon_outline_color')
              .eq('user_id', user.user.id)
              .single<{ icon_outline_color: string | null }>()
          ).data?.icon_outline_color,
      )
      .toBe('#ec4899');

    await page.getByRole('button', { name: 'Folder actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Share Folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Folder: Pocket' });
    const origin = new URL(page.url()).origin;
    expect(await dialog.getByTestId('folder-url').inputValue()).toBe(`${origin}/category/${folderId}`);
    await page.context().close();
  });
});
