/**
 * A phone's first screen (390 × 844) shows links: on the dashboard and in a folder at least three
 * link cards start inside it, none under a fixed bar; search and 'Add Link' are one tap away; the
 * secondary buttons sit in one 'More' menu that works by keyboard. At 1280 px the buttons stay.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, openedUrls, recordWindowOpens, seedLinks, useSessionOf, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;
const SCREEN_HEIGHT = 844;

interface Seeded {
  user: ConfirmedUser;
  username: string;
  workId: string;
}

/** A user with a username, three folders (one with a subfolder) and 14 links, 12 of them in 'Work'. */
async function seedUser(): Promise<Seeded> {
  const user = await createConfirmedUser({ firstName: 'Pho', lastName: 'Ne' });
  const username = `first_${randomUUID().slice(0, 8)}`;
  expect((await user.client.from('profiles').update({ username }).eq('user_id', user.user.id)).error).toBeNull();
  const workId = await createCategory(user.client, user.user.id, 'Work');
  await createCategory(user.client, user.user.id, 'Recipes');
  await createCategory(user.client, user.user.id, 'Travel');
  expect(
    (await user.client.from('categories').insert({ user_id: user.user.id, name: 'Reading', parent_category_id: workId })).error,
  ).toBeNull();
  await seedLinks(
    user,
    Array.from({ length: 12 }, (_, i) => ({ title: `Work link ${i + 1}`, url: `https://w${i + 1}.example/` })),
    { folderId: workId },
  );
  await seedLinks(user, [
    { title: 'Loose one', url: 'https://loose-one.example/' },
    { title: 'Loose two', url: 'https://loose-two.example/' },
  ]);
  return { user, username, workId };
}

async function phonePage(user: ConfirmedUser, path: string): Promise<Page> {
  const context = await newContext(browser, { phone: true, theme: 'dark' });
  await useSessionOf(context, user);
  await recordWindowOpens(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function waitForFolder(page: Page): Promise<void> {
  await page.getByTestId('folder-header').waitFor({ timeout: WAIT });
  await page.getByTestId('folder-links').locator('article').first().waitFor({ timeout: WAIT });
}

/**
 * The link cards of the first screen (scrolled to the top) that a person can see: their top inside
 * the screen, and the element at their centre is the card itself (no fixed bar or button over it).
 */
async function cardsOnFirstScreen(page: Page, scope: string): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    ({ scope, height }) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} article`)]
        .filter((card) => {
          const r = card.getBoundingClientRect();
          if (r.height === 0 || r.top < 0 || r.top >= height) return false;
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && hit.closest('article') === card;
        })
        .map((card) => card.getAttribute('aria-label') ?? ''),
    { scope, height: SCREEN_HEIGHT },
  );
}

/** The control is on the first screen and nothing covers its centre: one tap reaches it. */
async function oneTapAway(control: Locator): Promise<boolean> {
  return control.evaluate((el, height) => {
    const r = el.getBoundingClientRect();
    if (r.height === 0 || r.top < 0 || r.bottom > height) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  }, SCREEN_HEIGHT);
}

/** Opens the phone menu from the keyboard (focus, Enter) and returns its items' names. */
async function openMenuByKeyboard(page: Page, name: string): Promise<string[]> {
  const trigger = page.getByRole('button', { name, exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu.getByRole('menuitem').allInnerTexts();
}

/** The text of the focused element. */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? '');

/** Chooses a menu item with the arrow keys and Enter, from a menu opened by keyboard. */
async function chooseByKeyboard(page: Page, menuName: string, item: string): Promise<void> {
  const items = await openMenuByKeyboard(page, menuName);
  const index = items.indexOf(item);
  expect(index, `${item} in ${items.join(', ')}`).toBeGreaterThanOrEqual(0);
  // Radix focuses the first item when the menu opens from the keyboard; each ArrowDown moves one item.
  await expect.poll(() => focusedText(page)).toBe(items[0]);
  for (let i = 1; i <= index; i++) {
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toBe(items[i]);
  }
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

const DASHBOARD_MENU = [
  'View Public Page',
  'Profile Studio',
  'Social Sharing',
  'Tags',
  'Import & export',
  'Dashboard background',
  'Refresh previews',
  'Change username',
];

describe('phone first screen', () => {
  it(
    'dashboard: three links above the fold, clear of the bottom bar; search and Add Link one tap away; the rest in a keyboard menu',
    { timeout: 180_000 },
    async () => {
      const { user, username } = await seedUser();
      const page = await phonePage(user, '/dashboard');
      await waitForGrid(page);
      await page.locator('main article').first().waitFor({ timeout: WAIT });

      const cards = await cardsOnFirstScreen(page, 'main');
      expect(cards.length, cards.join(', ')).toBeGreaterThanOrEqual(3);

      // None of the secondary buttons is on the screen itself: they are in the menu.
      for (const name of DASHBOARD_MENU) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(false);
      expect(await page.getByTestId('username-card').isVisible()).toBe(false);
      expect(await page.getByRole('toolbar', { name: 'Dashboard actions' }).isVisible()).toBe(false);

      // Search: one tap, and it takes the typing.
      const search = page.getByTestId('links-search');
      expect(await oneTapAway(search)).toBe(true);
      await search.tap();
      await page.keyboard.type('Loose');
      await expect.poll(() => page.getByTestId('links-total').innerText()).toMatch(/^2 of 14 links/);
      await search.fill('');

      // Add Link: one tap opens the form.
      const add = page.getByRole('button', { name: 'Quick add link' });
      expect(await oneTapAway(add)).toBe(true);
      await add.tap();
      const sheet = page.getByRole('dialog', { name: 'Add New Link' });
      await sheet.getByRole('button', { name: 'Add Link' }).waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });

      // The menu lists every secondary action (and the username), and each works from the keyboard.
      expect(await openMenuByKeyboard(page, 'More dashboard actions')).toEqual(DASHBOARD_MENU);
      expect(await page.getByRole('menu').innerText()).toContain(`Your username: @${username}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await chooseByKeyboard(page, 'More dashboard actions', 'View Public Page');
      await expect.poll(async () => (await openedUrls(page)).map((o) => o.url)).toEqual([expect.stringContaining(`/${username}`)]);

      await chooseByKeyboard(page, 'More dashboard actions', 'Dashboard background');
      const backgroundDialog = page.getByRole('dialog');
      await backgroundDialog.waitFor({ timeout: WAIT });
      await page.keyboard.press('Escape');
      await backgroundDialog.waitFor({ state: 'detached' });

      await chooseByKeyboard(page, 'More dashboard actions', 'Refresh previews');
      await expectToast(page, 'previews', 60_000);

      for (const [item, path] of [
        ['Profile Studio', '/studio'],
        ['Social Sharing', '/settings/social-sharing'],
        ['Import & export', '/settings/data'],
        ['Change username', '/settings/profile/name-email'],
      ] as const) {
        await page.goto('/dashboard');
        await waitForGrid(page);
        await chooseByKeyboard(page, 'More dashboard actions', item);
        await page.waitForURL((url) => url.pathname === path);
      }
      await page.context().close();
    },
  );

  it(
    'folder: three links above the fold; search and Add Link one tap away; folder actions, subfolder form and view options on demand',
    { timeout: 180_000 },
    async () => {
      const { user, workId } = await seedUser();
      const page = await phonePage(user, `/category/${workId}`);
      await waitForFolder(page);

      const cards = await cardsOnFirstScreen(page, '[data-testid="folder-links"]');
      expect(cards.length, cards.join(', ')).toBeGreaterThanOrEqual(3);
      expect(await page.getByRole('button', { name: 'Share Folder', exact: true }).isVisible()).toBe(false);

      const search = page.getByTestId('folder-search');
      expect(await oneTapAway(search)).toBe(true);
      await search.tap();
      await page.keyboard.type('link 12');
      await expect.poll(() => page.getByTestId('folder-links').locator('article').count()).toBe(1);
      await search.fill('');

      // 'Add link' in the banner: one tap opens the add form (on the dashboard).
      const add = page.getByRole('link', { name: 'Add link', exact: true });
      expect(await oneTapAway(add)).toBe(true);
      await add.tap();
      await page.getByRole('dialog', { name: 'Add New Link' }).getByRole('button', { name: 'Add Link' }).waitFor({ timeout: WAIT });
      await page.goto(`/category/${workId}`);
      await waitForFolder(page);

      // The folder's buttons are one menu; Share Folder works from the keyboard.
      expect(await openMenuByKeyboard(page, 'Folder actions')).toEqual(['Share Folder', 'Refresh previews']);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await chooseByKeyboard(page, 'Folder actions', 'Share Folder');
      const share = page.getByRole('dialog', { name: 'Share Folder: Work' });
      await share.waitFor({ timeout: WAIT });
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'detached' });
      await chooseByKeyboard(page, 'Folder actions', 'Refresh previews');
      await expectToast(page, 'previews', 60_000);

      // The new-subfolder form and the view options open from the keyboard.
      const nameBox = page.getByPlaceholder('New subfolder name');
      expect(await nameBox.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'New subfolder', exact: true }).focus();
      await page.keyboard.press('Enter');
      await nameBox.waitFor();
      const viewMode = page.getByRole('radiogroup', { name: 'View mode' });
      expect(await viewMode.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'View options' }).focus();
      await page.keyboard.press('Enter');
      await viewMode.waitFor();
      await viewMode.getByRole('radio', { name: 'List' }).click();
      await expect.poll(() => page.getByRole('radio', { name: 'List' }).getAttribute('aria-checked')).toBe('true');
      await page.context().close();
    },
  );

  it('1280 px: the buttons themselves, no menu', async () => {
    const { user, workId } = await seedUser();
    const context = await newContext(browser, { theme: 'dark' });
    await useSessionOf(context, user);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await waitForGrid(page);
    for (const name of ['View Public Page', 'Dashboard background', 'Refresh previews'])
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    for (const name of ['Profile Studio', 'Social Sharing', 'Import & export'])
      expect(await page.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    await page.getByTestId('username-card').waitFor();
    expect(await page.getByRole('button', { name: 'More dashboard actions', exact: true }).isVisible()).toBe(false);
    await page.goto(`/category/${workId}`);
    await waitForFolder(page);
    expect(await page.getByRole('button', { name: 'Share Folder', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Folder actions', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('radiogroup', { name: 'View mode' }).isVisible()).toBe(true);
    expect(await page.getByPlaceholder('New subfolder name').isVisible()).toBe(true);
    await context.close();
  });
});
