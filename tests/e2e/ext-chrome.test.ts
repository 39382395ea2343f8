import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { launchWithExtension, openPopup, type ExtensionBrowser } from './ext/browser.ts';
import { badgeText, eventually, inWorker, restRows, signInThroughPopup } from './ext/helpers.ts';
import { startSite } from './ext/site.ts';

/**
 * The Chrome (MV3) build loaded into Debian's Chromium against the test stack: popup sign-in and
 * quick-save, the context-menu handler, and the incoming-share badge. The worker's handlers are
 * reached through `globalThis.linkvaultTestHooks` (entrypoints/background.ts): the native context
 * menu cannot be clicked headless, so the test calls the very function the menu's onClicked calls.
 */
interface Hooks {
  onMenuClicked(info: object, tab?: object): Promise<{ status: string; message: string; title?: string; url?: string }>;
  refreshBadge(): Promise<number | null>;
}
type WithHooks = typeof globalThis & { linkvaultTestHooks: Hooks };

interface LinkRow {
  id: string;
  title: string;
  url: string;
  category_id: string;
  second_category_id: string | null;
}

const stack = testStack();
const ext = inject('extension');
let browser: ExtensionBrowser;
let site: Awaited<ReturnType<typeof startSite>>;
let alice: ConfirmedUser;

const linksOf = (userId: string, url: string) =>
  restRows<LinkRow>(
    stack.url,
    stack.serviceRoleKey,
    `links?user_id=eq.${userId}&url=eq.${encodeURIComponent(url)}&select=id,title,url,category_id,second_category_id`,
  );

beforeAll(async () => {
  site = await startSite();
  alice = await createConfirmedUser({ firstName: 'Alice', lastName: 'Archer' });
  browser = await launchWithExtension(ext.chrome);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('Chrome extension', () => {
  it('loads as MV3 with the minimal permissions and only the API host', async () => {
    const manifest = await inWorker(
      browser,
      () => (globalThis as unknown as { chrome: { runtime: { getManifest(): Record<string, unknown> } } }).chrome.runtime.getManifest(),
      null,
    );
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['activeTab', 'contextMenus', 'storage', 'alarms', 'tabs']);
    expect(manifest.host_permissions).toEqual([`http://${new URL(stack.url).hostname}/*`]);
    expect(JSON.stringify(manifest.content_security_policy)).not.toContain('unsafe-eval');
    expect(Object.keys(manifest.commands as object)).toContain('save-current-tab');
  });

  it('signed out: the popup shows the Sign In form with the /auth messages and a sign-up link', async () => {
    const popup = await openPopup(browser);
    expect(await popup.getAttribute('body', 'data-ready')).toBe('signed-out');

    await popup.getByRole('button', { name: 'Sign In' }).click();
    await popup.getByText('Invalid email address').waitFor();
    await popup.getByText('Password is required').waitFor();
    // Re-validates on change after the first submit.
    await popup.getByLabel('Email').fill(alice.email);
    await eventually(async () => (await popup.getByText('Invalid email address').count()) === 0, 5_000, 'e-mail error to clear');

    const signUp = popup.getByRole('link', { name: 'Create an account' });
    // 'Create an account' opens the web app's Sign Up tab (not Sign In); 'Forgot password?' the reset tab.
    expect(await signUp.getAttribute('href')).toBe(`${ext.siteUrl}/auth?tab=signup`);
    expect(await popup.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(`${ext.siteUrl}/auth?tab=reset`);
    const [signUpPage] = await Promise.all([browser.context.waitForEvent('page'), signUp.click()]);
    await signUpPage.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor({ timeout: 15_000 });
    await signUpPage.close();

    await popup.getByLabel('Password', { exact: true }).fill('Wrong-password-1!');
    await popup.getByRole('button', { name: 'Sign In' }).click();
    await popup.getByText('Invalid credentials').waitFor({ timeout: 10_000 });
    await popup.getByText('Please check your email and password and try again.').waitFor();
    await popup.close();
  });

  it('popup saves the current tab, and the link is in the database', async () => {
    const signIn = await signInThroughPopup(browser, alice.email, STRONG_PASSWORD);
    await signIn.close();

    const article = await browser.context.newPage();
    await article.goto(`${site.url}/Saving-links-made-easy`);
    const popup = await openPopup(browser);
    expect(await popup.getAttribute('body', 'data-ready')).toBe('signed-in');
    expect(await popup.getByLabel('Title').inputValue()).toBe('Saving links made easy');
    expect(await popup.getByLabel('URL').inputValue()).toBe(`${site.url}/Saving-links-made-easy`);
    await eventually(
      async () => (await popup.getByLabel('Category').locator('option').allTextContents()).includes('+ Create new category'),
      5_000,
      'category options',
    );
    expect(await popup.getByLabel('Category').locator('option:checked').textContent()).toBe('Recently Saved Links');
    // Signed in, the popup follows the account's appearance (part 2: default theme dark), not the
    // system's colour scheme: dark under a light system scheme.
    await popup.emulateMedia({ colorScheme: 'light' });
    expect(await popup.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    await popup.getByRole('button', { name: 'Add Link' }).click();
    await popup.getByTestId('save-result').waitFor({ timeout: 15_000 });
    expect(await popup.getByTestId('save-result').getAttribute('data-kind')).toBe('saved');
    await popup.getByText('Link added').first().waitFor();
    const openInDashboard = popup.getByRole('link', { name: 'Open in dashboard' });
    expect(await openInDashboard.getAttribute('href')).toBe(`${ext.siteUrl}/dashboard`);

    const rows = await linksOf(alice.user.id, `${site.url}/Saving-links-made-easy`);
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toBe('Saving links made easy');
    const [defaultFolder] = await restRows<{ id: string }>(
      stack.url,
      stack.serviceRoleKey,
      `categories?user_id=eq.${alice.user.id}&name=eq.Recently%20Saved%20Links&select=id`,
    );
    expect(rows[0].category_id).toBe(defaultFolder.id);
    expect(rows[0].second_category_id).toBeNull();

    // The same URL again updates that link, with the dashboard's toast.
    await popup.getByRole('button', { name: 'Edit' }).click();
    await popup.getByLabel('Title').fill('Saving links, revisited');
    await popup.getByRole('button', { name: 'Add Link' }).click();
    await popup.getByText('Updated existing link "Saving links, revisited" with new details.').waitFor({ timeout: 15_000 });
    const after = await linksOf(alice.user.id, `${site.url}/Saving-links-made-easy`);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(rows[0].id);
    expect(after[0].title).toBe('Saving links, revisited');
    await popup.close();
    await article.close();
  });

  it('the folder picker shows nesting, and the popup says the page is already saved and where', async () => {
    const insertFolder = async (name: string, parent: string | null) => {
      const { data, error } = await alice.client
        .from('categories')
        .insert({ user_id: alice.user.id, name, parent_category_id: parent })
        .select('id')
        .single();
      if (error) throw error;
      return data.id;
    };
    const work = await insertFolder('Work', null);
    const reading = await insertFolder('Reading', work);
    const pageUrl = `${site.url}/Already-in-Reading`;
    const saved = await alice.client.rpc('save_link', { link_title: 'Already in Reading', link_url: pageUrl, chosen_category_id: reading });
    expect(saved.error).toBeNull();

    const article = await browser.context.newPage();
    await article.goto(pageUrl);
    const popup = await openPopup(browser);
    await popup.setViewportSize({ width: 380, height: 600 });
    const notice = popup.getByTestId('already-saved');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toBe('Already saved in Work › Reading.');
    // The subfolder follows its folder, indented and marked.
    const options = await eventually(
      async () => {
        const texts = (await popup.getByLabel('Category').locator('option').allTextContents()).map((t) => t.replace(/\u00a0/g, ' '));
        return texts.some((t) => t.includes('Reading')) ? texts : undefined;
      },
      10_000,
      'the nested folder option',
    );
    const workAt = options.findIndex((t) => t.trim() === 'Work');
    expect(workAt).toBeGreaterThan(-1);
    expect(options[workAt + 1]).toMatch(/^ {2}↳ (Work › )?Reading$/);
    // It starts on the folder the page is in, so adding it again keeps it there.
    await eventually(
      async () => /Reading$/.test((await popup.getByLabel('Category').locator('option:checked').textContent()) ?? ''),
      10_000,
      'the saved folder preselected',
    );
    await popup.close();

    // A page that is not saved shows no notice.
    await article.goto(`${site.url}/Not-saved-yet`);
    const fresh = await openPopup(browser);
    await fresh.getByRole('form', { name: 'Save this page' }).waitFor();
    await fresh.getByLabel('Category').locator('option', { hasText: 'Reading' }).first().waitFor({ state: 'attached' });
    expect(await fresh.getByTestId('already-saved').count()).toBe(0);
    await fresh.close();
    await article.close();
  });

  it("the context menu's 'Save link' handler saves the link's URL, not the page", async () => {
    const linkUrl = 'https://example.org/docs/getting-started';
    const pageUrl = `${site.url}/A-page-with-links`;
    const result = await inWorker(
      browser,
      ({ linkUrl, pageUrl }) =>
        (globalThis as WithHooks).linkvaultTestHooks.onMenuClicked(
          { menuItemId: 'linkvault-save-link', linkUrl, pageUrl, editable: false },
          { id: 1, url: pageUrl, title: 'A page with links' },
        ),
      { linkUrl, pageUrl },
    );
    expect(result.status).toBe('saved');
    const rows = await linksOf(alice.user.id, linkUrl);
    expect(rows).toHaveLength(1);
    // Chrome gives no link text: the title comes from the URL, never from the page.
    expect(rows[0].title).toBe('getting started · example.org');
    expect(await linksOf(alice.user.id, pageUrl)).toHaveLength(0);

    // Selected text is the title when there is some (and Firefox's linkText first).
    const titled = await inWorker(
      browser,
      ({ pageUrl }) =>
        (globalThis as WithHooks).linkvaultTestHooks.onMenuClicked({
          menuItemId: 'linkvault-save-link',
          linkUrl: 'https://example.org/blog',
          linkText: 'The example blog',
          selectionText: 'ignored',
          pageUrl,
          editable: false,
        }),
      { pageUrl },
    );
    expect(titled.status).toBe('saved');
    expect((await linksOf(alice.user.id, 'https://example.org/blog'))[0].title).toBe('The example blog');
    // A success flashes ✓ on the badge.
    expect(['✓', '']).toContain(await badgeText(browser));
  });

  it('the badge counts pending incoming shares (3 from Bob) and drops after an accept', async () => {
    const bob = await createConfirmedUser({ firstName: 'Bob', lastName: 'Builder' });
    for (const n of [1, 2, 3]) {
      const saved = await bob.client.rpc('save_link', { link_title: `Bob's pick ${n}`, link_url: `https://example.net/pick-${n}` });
      expect(saved.error).toBeNull();
      const linkId = (saved.data as { link: { id: string } }).link.id;
      const shared = await bob.client.functions.invoke('share-link', {
        body: { shareData: { sender_id: bob.user.id, link_id: linkId, recipient_email: alice.email, message: `Pick ${n} for you` } },
      });
      expect(shared.error).toBeNull();
    }
    const pending = await restRows(
      stack.url,
      stack.serviceRoleKey,
      `shared_links?recipient_email=eq.${encodeURIComponent(alice.email)}&status=eq.pending&select=id`,
    );
    expect(pending).toHaveLength(3);

    // What the 30 s alarm does on each tick.
    expect(await inWorker(browser, () => (globalThis as WithHooks).linkvaultTestHooks.refreshBadge(), null)).toBe(3);
    // (A ✓ flash from the previous save may still be showing for a moment.)
    await eventually(async () => (await badgeText(browser)) === '3', 5_000, 'badge to show 3');
    const alarm = await inWorker(
      browser,
      () =>
        (
          globalThis as unknown as { chrome: { alarms: { get(n: string): Promise<{ periodInMinutes?: number } | undefined> } } }
        ).chrome.alarms.get('linkvault-badge-refresh'),
      null,
    );
    expect(alarm?.periodInMinutes).toBe(0.5);

    const popup = await openPopup(browser);
    await popup.getByTestId('incoming-count').waitFor({ timeout: 15_000 });
    expect(await popup.getByTestId('incoming-count').textContent()).toBe('3');

    const first = popup.getByRole('listitem').filter({ hasText: "Bob's pick 3" });
    await first.getByRole('combobox').selectOption({ label: 'Recently Saved Links' });
    await first.getByRole('button', { name: 'Accept' }).click();
    await popup.getByText('Link accepted and added to your collection!').waitFor({ timeout: 15_000 });
    await eventually(async () => (await badgeText(browser)) === '2', 10_000, 'badge to show 2');
    expect(await popup.getByTestId('incoming-count').textContent()).toBe('2');

    const accepted = await restRows<{ status: string }>(
      stack.url,
      stack.serviceRoleKey,
      `shared_links?recipient_email=eq.${encodeURIComponent(alice.email)}&status=eq.accepted&select=status`,
    );
    expect(accepted).toHaveLength(1);
    await popup.close();
  });

  it('signing out clears the badge', async () => {
    const popup = await openPopup(browser);
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.locator('body[data-ready]').waitFor();
    await popup.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 10_000 });
    await eventually(async () => (await badgeText(browser)) === '', 10_000, 'badge to clear');
    await popup.close();
  });
});
