import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../setup/clients.ts';
import { card, openDashboard, section, seedLinks, useSessionOf, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * Code that loads on demand (dialogs, the link form's checks, pages) when the network is gone: the
 * connection drops after the dashboard loaded, then the user opens a dialog, submits the link form
 * and follows a link to another page. Nothing may blank the page or lose what was typed; each says
 * what happened, and works once the connection is back.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

const OFFLINE_MESSAGE = 'Could not load this part of the app. Check your connection and try again, or reload the page.';

/** Scripts the page requests from now on, so a test can tell that code was (or was not) asked for. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

describe('code loaded on demand, offline', () => {
  it('a dialog that cannot load says so, leaves the page as it was, and opens once online', async () => {
    const session = await openDashboard(browser);
    contexts.push(session.context);
    const { page, context } = session;
    await seedLinks(session.user, [{ title: 'Offline Read', url: 'https://offline.example/read' }]);
    await page.reload();
    await waitForGrid(page);
    const saved = section(page, 'Recently Saved Links');

    const scripts = scriptRequests(page);
    await context.setOffline(true);
    await card(saved, 'Offline Read').getByRole('button', { name: 'Actions for Offline Read' }).click();
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    await expectToast(page, OFFLINE_MESSAGE);
    // Nothing was requested while offline: Chromium would keep a failed download failed for good.
    expect(scripts).toEqual([]);
    // The dialog closed itself; the page is still there, with its links.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await card(saved, 'Offline Read').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Your Links' }).isVisible()).toBe(true);

    await context.setOffline(false);
    await card(saved, 'Offline Read').getByRole('button', { name: 'Actions for Offline Read' }).click();
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    await page.getByRole('dialog', { name: 'Share Link: Offline Read' }).waitFor();
  });

  it('the link form keeps what was typed when its checks cannot load, and saves once online', async () => {
    const session = await openDashboard(browser);
    contexts.push(session.context);
    const { page, context } = session;
    const editor = page.getByTestId('link-editor');

    await context.setOffline(true);
    await editor.getByLabel('Title').fill('Typed Offline');
    await editor.getByLabel('URL').fill('https://typed.example/offline');
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await editor.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE }).waitFor();
    expect(await editor.getByLabel('Title').inputValue()).toBe('Typed Offline');
    expect(await editor.getByLabel('URL').inputValue()).toBe('https://typed.example/offline');
    expect(await editor.getByRole('button', { name: 'Add Link' }).isEnabled()).toBe(true);

    await context.setOffline(false);
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await card(section(page, 'Recently Saved Links'), 'Typed Offline').waitFor();
    expect(await editor.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE }).count()).toBe(0);
    const { data } = await session.user.client.from('links').select('title').eq('url', 'https://typed.example/offline');
    expect(data).toEqual([{ title: 'Typed Offline' }]);
  });

  it("the dashboard's lower cards, when their code cannot load, leave the links usable and say so", async () => {
    const context = await newContext(browser, { theme: 'dark' });
    contexts.push(context);
    const user = await createConfirmedUser({ firstName: 'Lou', lastName: 'Fold' });
    await useSessionOf(context, user);
    await seedLinks(user, [{ title: 'Still Here', url: 'https://still.example/here' }]);
    const page = await context.newPage();
    await page.route(/\/assets\/dashboard-below-fold-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await waitForGrid(page);
    await page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE }).waitFor();
    expect(await card(section(page, 'Recently Saved Links'), 'Still Here').isVisible()).toBe(true);
    expect(await page.getByTestId('link-editor').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Template Manager' }).count()).toBe(0);
  });

  it('a page that cannot load shows a message with Reload instead of a blank screen', async () => {
    const session = await openDashboard(browser, { phone: true });
    contexts.push(session.context);
    const { page, context } = session;

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Settings' }).click();
    const panel = page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE });
    await panel.waitFor();
    expect(await page.getByRole('heading', { name: 'This page could not be loaded' }).isVisible()).toBe(true);

    // Back online, Reload shows the page.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    // Going back works too: the message belongs to the page that failed, not to the app.
    await page.goBack();
    await waitForGrid(page);
  });
});
