import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { publicPageMeta } from '../../scripts/lib/public-page-meta.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { testStack } from '../setup/stack-info.ts';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { createCategory, seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { launchChromium, newContext, webUrl, type ContextOptions } from './web-browser.ts';

// Public folders: the owner publishes a folder from the Share Folder dialog and hides it from search
// engines; a signed-out visitor opens its public URL, sees its links with descriptions and tags and
// opens one (counted for the owner); the HTML the server sends carries the folder's title,
// description, preview tags and noindex; unpublishing makes the address the 404 page at once.

const WAIT_MS = 20_000;
let browser: Browser;
// `npm start`'s server writes the preview tags (scripts/lib/public-page-meta.ts); the e2e build is
// served without that hook, so its index.html is served here through the same hook.
let metaBase = '';
let closeMeta: () => Promise<void> = () => Promise.resolve();
let metaRoot = '';

beforeAll(async () => {
  browser = await launchChromium();
  metaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'public-folder-meta-'));
  fs.writeFileSync(path.join(metaRoot, 'index.html'), await (await fetch(`${webUrl()}/`)).text());
  const server = await serveStatic(metaRoot, 0, '127.0.0.1', {
    transformIndex: publicPageMeta({ supabaseUrl: testStack().url, anonKey: testStack().anonKey, siteUrl: 'https://links.example' }),
  });
  metaBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeMeta = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await browser?.close();
  await closeMeta();
  if (metaRoot) fs.rmSync(metaRoot, { recursive: true, force: true });
});

async function open(opts: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, opts);
  // The links' sites are outside the test: answer them here, so a popup has a page to land on.
  await context.route(/^https:\/\/[a-z]+\.folder\.test\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>site</title>' }),
  );
  const page = await context.newPage();
  onTestFinished(() => context.close());
  return { context, page };
}

const servedHtml = async (pathname: string) => (await fetch(`${metaBase}${pathname}`)).text();
const stored = async (folderId: string) =>
  (await serviceClient().from('public_folders').select('slug,published,noindex,open_count').eq('folder_id', folderId).maybeSingle()).data;

describe('public folders', () => {
  it('publish in the Share Folder dialog, a signed-out visitor sees the links, preview tags and noindex, unpublish → not found', async () => {
    const owner = await createConfirmedUser({ firstName: 'Olga', lastName: 'Owner' });
    const username = `olga_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const { error } = await owner.client.from('profiles').update({ username }).eq('user_id', owner.user.id);
    if (error) throw error;
    const folderId = await createCategory(owner.client, owner.user.id, 'Team Reads');
    const [alphaId] = await seedLinks(
      owner,
      [
        { title: 'Alpha Docs', url: 'https://alpha.folder.test/docs' },
        { title: 'Beta Blog', url: 'https://beta.folder.test/blog' },
      ],
      { folderId },
    );
    await serviceClient().from('links').update({ description: 'The docs we keep open' }).eq('id', alphaId);
    const { data: tag } = await serviceClient().from('tags').insert({ user_id: owner.user.id, name: 'reference' }).select('id').single();
    await serviceClient().from('link_tags').insert({ link_id: alphaId, tag_id: tag!.id, user_id: owner.user.id });

    // ── The owner publishes it and hides it from search engines.
    const studio = await open({ theme: 'dark' });
    await useSessionOf(studio.context, owner);
    await studio.page.goto(`/category/${folderId}`);
    await studio.page.getByRole('button', { name: 'Share Folder', exact: true }).click();
    const dialog = studio.page.getByRole('dialog', { name: 'Share Folder: Team Reads' });
    const publish = dialog.getByTestId('publish-folder');
    await publish.getByRole('heading', { name: 'Publish to the web' }).waitFor({ timeout: WAIT_MS });
    await publish.getByRole('button', { name: 'Publish to the web' }).click();
    const urlInput = publish.getByTestId('public-folder-url');
    await urlInput.waitFor({ timeout: WAIT_MS });
    const publicPath = `/${username}/team-reads`;
    expect(await urlInput.inputValue()).toBe(`${webUrl()}${publicPath}`);
    expect(await publish.getByTestId('public-folder-opens').innerText()).toBe('0 opens');
    await publish.getByLabel('Hide from search engines').check();
    await expect.poll(async () => (await stored(folderId))?.noindex, { timeout: WAIT_MS }).toBe(true);
    expect(await stored(folderId)).toMatchObject({ slug: 'team-reads', published: true });
    await studio.page.screenshot({ path: '/tmp/public-folders-dialog.png' });

    // ── A signed-out visitor.
    const visitor = await open({ colorScheme: 'light' });
    await visitor.page.goto(publicPath);
    const view = visitor.page.getByTestId('public-folder');
    await view.waitFor({ timeout: WAIT_MS });
    expect(await visitor.page.getByRole('heading', { level: 1 }).innerText()).toBe('Team Reads');
    expect(await visitor.page.getByTestId('public-folder-owner').innerText()).toBe('Olga Owner');
    expect(await visitor.page.getByTestId('public-folder-count').innerText()).toBe('2 links');
    const links = visitor.page.getByTestId('public-folder-link');
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'https://alpha.folder.test/docs',
      'https://beta.folder.test/blog',
    ]);
    expect(await links.first().innerText()).toContain('The docs we keep open');
    expect(await links.first().getByTestId('public-folder-tag').allInnerTexts()).toEqual(['#reference']);
    expect(await visitor.page.title()).toBe('Team Reads · Olga Owner');
    expect(await visitor.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await visitor.page.screenshot({ path: '/tmp/public-folders-page.png', fullPage: true });

    // Opening a link counts one open for the owner (nothing about the visitor is stored).
    const [popup] = await Promise.all([visitor.context.waitForEvent('page'), links.first().click()]);
    await popup.waitForURL('https://alpha.folder.test/docs', { timeout: WAIT_MS });
    await expect.poll(async () => (await stored(folderId))?.open_count, { timeout: WAIT_MS }).toBe(1);

    // ── The HTML the server sends: title, description, preview tags, noindex.
    const html = await servedHtml(publicPath);
    expect(html).toContain('<title>Team Reads · Olga Owner</title>');
    expect(html).toContain('<meta name="description" content="2 links collected by Olga Owner." />');
    expect(html).toContain('<meta property="og:title" content="Team Reads · Olga Owner" />');
    expect(html).toContain(`<meta property="og:url" content="https://links.example${publicPath}" />`);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // Listed again for search engines once the owner allows it.
    await publish.getByLabel('Hide from search engines').uncheck();
    await expect.poll(async () => (await stored(folderId))?.noindex, { timeout: WAIT_MS }).toBe(false);
    expect(await servedHtml(publicPath)).not.toContain('noindex');

    // Phone width, light theme: the page and the dialog stay readable (screenshots for review).
    const phone = await open({ phone: true, theme: 'light', colorScheme: 'light' });
    await phone.page.goto(publicPath);
    await phone.page.getByTestId('public-folder-link').first().waitFor({ timeout: WAIT_MS });
    await phone.page.screenshot({ path: '/tmp/public-folders-page-390.png', fullPage: true });
    const ownerPhone = await open({ phone: true, theme: 'light', colorScheme: 'light' });
    await useSessionOf(ownerPhone.context, owner);
    await ownerPhone.page.goto(`/category/${folderId}`);
    await ownerPhone.page.getByRole('button', { name: 'Folder actions' }).click({ timeout: WAIT_MS });
    await ownerPhone.page.getByRole('menuitem', { name: 'Share Folder' }).click();
    const phoneDialog = ownerPhone.page.getByRole('dialog', { name: 'Share Folder: Team Reads' });
    await phoneDialog.getByTestId('public-folder-url').scrollIntoViewIfNeeded({ timeout: WAIT_MS });
    await ownerPhone.page.screenshot({ path: '/tmp/public-folders-dialog-390.png' });

    // ── The owner sees the open, then unpublishes: the address is the 404 page at once.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await studio.page.getByRole('button', { name: 'Share Folder', exact: true }).click();
    await expect.poll(() => publish.getByTestId('public-folder-opens').innerText(), { timeout: WAIT_MS }).toBe('1 open');
    await publish.getByRole('button', { name: 'Unpublish' }).click();
    await publish.getByRole('button', { name: 'Publish to the web' }).waitFor({ timeout: WAIT_MS });
    expect(await stored(folderId)).toMatchObject({ published: false });

    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor({ timeout: WAIT_MS });
    expect(await visitor.page.getByTestId('public-folder').count()).toBe(0);
    const gone = await servedHtml(publicPath);
    expect(gone).not.toContain('Team Reads');
    expect(gone).not.toContain('og:title');
    expect(gone).toContain('<meta name="robots" content="noindex" />');
  });

  it('default folders offer no publishing', async () => {
    const owner = await createConfirmedUser();
    const { data } = await owner.client.from('categories').select('id,name').eq('system_key', 'saved').single();
    const { page, context } = await open();
    await useSessionOf(context, owner);
    await page.goto(`/category/${data!.id}`);
    await page.getByRole('button', { name: 'Share Folder', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Share Folder: ${data!.name}` });
    await dialog.getByText('Default folders cannot be published to the web.').waitFor({ timeout: WAIT_MS });
    expect(await dialog.getByTestId('publish-folder').count()).toBe(0);
  });
});
