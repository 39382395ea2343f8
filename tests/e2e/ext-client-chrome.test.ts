import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { launchWithExtension, openPopup, type ExtensionBrowser } from './ext/browser.ts';
import { eventually, inWorker, restRows, signInThroughPopup } from './ext/helpers.ts';
import { startSite } from './ext/site.ts';

/**
 * The popup as a full client in Chromium: find and open a saved link from the local cache, edit
 * the current page's saved link, save all tabs. The address-bar keyword cannot be driven by
 * Playwright; its suggestion logic is unit-tested (tests/unit/ext-link-cache.test.ts).
 */
type WithHooks = typeof globalThis & { linkvaultTestHooks: { refreshLinks(): Promise<number | null> } };

const stack = testStack();
const ext = inject('extension');
let browser: ExtensionBrowser;
let site: Awaited<ReturnType<typeof startSite>>;
let user: ConfirmedUser;

async function saveViaApi(title: string, url: string): Promise<string> {
  const saved = await user.client.rpc('save_link', { link_title: title, link_url: url });
  if (saved.error) throw saved.error;
  return (saved.data as { link: { id: string } }).link.id;
}

const linkRows = (query: string) =>
  restRows<{ id: string; title: string; url: string; second_category_id: string | null }>(
    stack.url,
    stack.serviceRoleKey,
    `links?user_id=eq.${user.user.id}&${query}&select=id,title,url,second_category_id`,
  );

beforeAll(async () => {
  site = await startSite();
  user = await createConfirmedUser({ firstName: 'Cleo', lastName: 'Client' });
  browser = await launchWithExtension(ext.chrome);
  const popup = await signInThroughPopup(browser, user.email, STRONG_PASSWORD);
  await popup.close();
  await saveViaApi('Rust ownership guide', `${site.url}/Rust-ownership-guide`);
  await saveViaApi('Gardening in small spaces', `${site.url}/Gardening-in-small-spaces`);
  // What the alarm, startup and every save do: the worker reads the links into the cache.
  expect(await inWorker(browser, () => (globalThis as WithHooks).linkvaultTestHooks.refreshLinks(), null)).toBe(2);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('Chrome extension as a client', () => {
  it('the popup opens on a focused search box; typing finds a saved link and Enter opens it in a new tab', async () => {
    const popup = await openPopup(browser);
    const box = popup.getByRole('combobox', { name: 'Search your links' });
    await eventually(async () => popup.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Search your links'), 5_000);
    // Empty: the recent links.
    await popup.getByRole('listbox', { name: 'Recent links' }).getByText('Gardening in small spaces').waitFor();
    await box.pressSequentially('own rus');
    const results = popup.getByRole('listbox', { name: 'Matching links' });
    await results.getByRole('option', { name: /Rust ownership guide/ }).waitFor();
    expect(await results.getByRole('option').count()).toBe(1);
    // The save form steps aside while searching, and comes back when the box is cleared.
    expect(await popup.getByRole('form', { name: 'Save this page' }).count()).toBe(0);

    // Enter opens the link and closes the popup (so the key press may not see its page again).
    const [opened] = await Promise.all([browser.context.waitForEvent('page'), box.press('Enter').catch(() => undefined)]);
    await eventually(() => Promise.resolve(opened.url() === `${site.url}/Rust-ownership-guide`), 10_000, 'the link to open');
    await eventually(() => Promise.resolve(popup.isClosed()), 5_000, 'the popup to close');
    await opened.close();
  });

  it('on a saved page the popup shows that link with its folder and saves an edited title and tags', async () => {
    const url = `${site.url}/Gardening-in-small-spaces`;
    const article = await browser.context.newPage();
    await article.goto(url);
    const popup = await openPopup(browser);
    const editor = popup.getByRole('form', { name: 'Edit saved link' });
    await editor.waitFor({ timeout: 15_000 });
    expect(await popup.getByTestId('already-saved').innerText()).toBe('Already saved in Recently Saved Links.');
    expect(await editor.getByLabel('Title').inputValue()).toBe('Gardening in small spaces');
    await eventually(async () => !(await editor.getByLabel('Notes').isDisabled()), 10_000, 'the note to load');
    await editor.getByLabel('Title').fill('Gardening on a balcony');
    await editor.getByLabel('Tags').fill('garden, balcony');
    await editor.getByLabel('Notes').fill('Try tomatoes');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await popup.getByText('Link updated').first().waitFor({ timeout: 15_000 });

    const [row] = await linkRows(`url=eq.${encodeURIComponent(url)}`);
    expect(row.title).toBe('Gardening on a balcony');
    const tags = await restRows<{ tags: { name: string } }>(
      stack.url,
      stack.serviceRoleKey,
      `link_tags?link_id=eq.${row.id}&select=tags(name)`,
    );
    expect(tags.map((t) => t.tags.name).sort()).toEqual(['balcony', 'garden']);
    const notes = await restRows<{ body: string }>(stack.url, stack.serviceRoleKey, `link_notes?link_id=eq.${row.id}&select=body`);
    expect(notes).toEqual([{ body: 'Try tomatoes' }]);
    await popup.close();

    // The cache followed the edit: the new title is found by search.
    const again = await openPopup(browser);
    await again.getByRole('combobox', { name: 'Search your links' }).pressSequentially('balcony');
    await again.getByRole('option', { name: /Gardening on a balcony/ }).waitFor({ timeout: 10_000 });
    await again.close();
    await article.close();
  });

  it("'Save all tabs' saves the window's new pages into a folder named by date and skips saved ones", async () => {
    const pages = [];
    for (const path of ['Tab-one', 'Tab-two', 'Rust-ownership-guide']) {
      const page = await browser.context.newPage();
      await page.goto(`${site.url}/${path}`);
      pages.push(page);
    }
    const popup = await openPopup(browser);
    await popup.getByRole('button', { name: 'Save all tabs' }).click();
    const panel = popup.getByTestId('save-all-tabs');
    await eventually(async () => /already saved/.test(await panel.getByTestId('save-all-plan').innerText()), 10_000, 'the plan');
    const option = await panel.getByRole('combobox', { name: 'Folder' }).locator('option:checked').textContent();
    const folderName = option!.replace('New folder: ', '');
    expect(folderName).toMatch(/^Tabs \d{4}-\d{2}-\d{2}/);
    await panel.getByRole('button', { name: /^Save \d+ tabs?$/ }).click();
    const report = await panel.getByTestId('save-all-report').innerText({ timeout: 20_000 });
    expect(report).toMatch(new RegExp(`^Saved \\d+ tabs? to ${folderName.replace(/[()]/g, '\\$&')}\\. \\d+ already saved, skipped\\.$`));

    const [folder] = await restRows<{ id: string }>(
      stack.url,
      stack.serviceRoleKey,
      `categories?user_id=eq.${user.user.id}&name=eq.${encodeURIComponent(folderName)}&select=id`,
    );
    const saved = await linkRows(`second_category_id=eq.${folder.id}`);
    expect(saved.map((l) => l.url).sort()).toEqual([`${site.url}/Tab-one`, `${site.url}/Tab-two`]);
    // The already saved page was not saved twice.
    expect(await linkRows(`url=eq.${encodeURIComponent(`${site.url}/Rust-ownership-guide`)}`)).toHaveLength(1);
    await popup.close();
    for (const page of pages) await page.close();
  });
});
