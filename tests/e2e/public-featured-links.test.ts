import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createConfirmedUser, serviceClient } from '../setup/clients.ts';
import { seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { launchChromium, newContext, type ContextOptions } from './web-browser.ts';

// The public page's featured links: the owner picks and orders links in the studio and saves a
// theme; a signed-out visitor sees them in that order with that theme, opens one, and the owner
// sees the open counted.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT_MS = 20_000;

async function open(opts: ContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, opts);
  // The featured sites are outside the test: answer them here, so a popup has a page to land on.
  await context.route(/^https:\/\/[a-z]+\.featured\.test\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>site</title>' }),
  );
  const page = await context.newPage();
  onTestFinished(() => context.close());
  return { context, page };
}

const rowTitles = (page: Page) =>
  page
    .getByTestId('featured-row')
    .getByTestId('featured-title')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).placeholder));

describe('public page: featured links', () => {
  it('owner picks, reorders (drag and keys) and saves with the neon theme; a visitor sees them in order, opens one; the owner sees 1 open', async () => {
    const owner = await createConfirmedUser({ firstName: 'Fern', lastName: 'Tester' });
    const username = `fern_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const { error } = await owner.client.from('profiles').update({ username }).eq('user_id', owner.user.id);
    if (error) throw error;
    const [alphaId, betaId] = await seedLinks(owner, [
      { title: 'Alpha Docs', url: 'https://alpha.featured.test/docs' },
      { title: 'Beta Blog', url: 'https://beta.featured.test/blog' },
      { title: 'Gamma Shop', url: 'https://gamma.featured.test/' },
    ]);

    // ── The studio: search and pick two links.
    const studio = await open({ theme: 'dark' });
    await useSessionOf(studio.context, owner);
    await studio.page.goto('/studio');
    await studio.page.getByRole('tab', { name: 'Featured Links' }).click();
    const search = studio.page.getByTestId('featured-search');
    for (const title of ['Alpha Docs', 'Beta Blog']) {
      await search.fill(title.split(' ')[0]);
      await studio.page.getByRole('button', { name: `Feature ${title}` }).click({ timeout: WAIT_MS });
      await studio.page.getByRole('button', { name: `${title} is featured` }).waitFor();
    }
    await expect.poll(() => rowTitles(studio.page)).toEqual(['Alpha Docs', 'Beta Blog']);
    expect(await studio.page.getByTestId('featured-count').innerText()).toBe('2/100');

    // Drag Beta (by its handle) onto Alpha, then back and forth with the move buttons.
    const rows = studio.page.getByTestId('featured-row');
    await rows.nth(1).dragTo(rows.nth(0), { sourcePosition: { x: 14, y: 20 }, targetPosition: { x: 14, y: 10 } });
    await expect.poll(() => rowTitles(studio.page)).toEqual(['Beta Blog', 'Alpha Docs']);
    await studio.page.getByRole('button', { name: 'Move Beta Blog down' }).click();
    await expect.poll(() => rowTitles(studio.page)).toEqual(['Alpha Docs', 'Beta Blog']);
    await studio.page.getByRole('button', { name: 'Move Beta Blog up' }).click();
    await expect.poll(() => rowTitles(studio.page)).toEqual(['Beta Blog', 'Alpha Docs']);
    expect(await studio.page.getByRole('button', { name: 'Move Beta Blog up' }).isDisabled()).toBe(true);

    // Theme: neon. Save both.
    await studio.page.getByRole('tab', { name: 'Theme' }).click();
    await studio.page.getByText('Neon', { exact: true }).click();
    await studio.page.getByTestId('studio-save').click();
    await expect.poll(() => studio.page.getByTestId('save-state').innerText(), { timeout: WAIT_MS }).toBe('All changes saved');
    const { data: saved } = await serviceClient()
      .from('page_featured_items')
      .select('id,link_id,position')
      .eq('user_id', owner.user.id)
      .order('position');
    expect(saved?.map((r) => r.link_id)).toEqual([betaId, alphaId]);
    const { error: publishError } = await owner.client
      .from('user_privacy_settings')
      .update({ public_page_published: true, public_page_visibility: 'public' })
      .eq('user_id', owner.user.id);
    if (publishError) throw publishError;

    // ── A signed-out visitor.
    const visitor = await open({ theme: 'light', colorScheme: 'light' });
    await visitor.page.goto(`/${username}`);
    const pub = visitor.page.getByTestId('public-page');
    await pub.waitFor({ timeout: WAIT_MS });
    expect(await pub.getAttribute('data-theme-mode')).toBe('neon');
    await visitor.page.getByRole('heading', { name: 'Links' }).waitFor({ timeout: WAIT_MS });
    const links = visitor.page.getByTestId('featured-link');
    await links.first().waitFor({ timeout: WAIT_MS });
    expect(await links.evaluateAll((as) => as.map((a) => [a.textContent?.includes('Beta Blog'), a.getAttribute('href')]))).toEqual([
      [true, 'https://beta.featured.test/blog'],
      [false, 'https://alpha.featured.test/docs'],
    ]);
    const [popup] = await Promise.all([visitor.context.waitForEvent('page'), links.first().click()]);
    await popup.waitForURL('https://beta.featured.test/blog', { timeout: WAIT_MS });
    const betaItem = saved!.find((r) => r.link_id === betaId)!.id;
    const opens = async () =>
      (await serviceClient().from('page_featured_items').select('open_count').eq('id', betaItem).single()).data?.open_count;
    await expect.poll(opens, { timeout: WAIT_MS }).toBe(1);

    // ── The owner sees it.
    await studio.page.reload();
    await studio.page.getByRole('tab', { name: 'Featured Links' }).click();
    const betaRow = studio.page.getByTestId('featured-row').filter({ has: studio.page.getByPlaceholder('Beta Blog') });
    expect(await betaRow.getByTestId('featured-opens').innerText()).toBe('1 open');
    expect(await studio.page.getByTestId('featured-row').nth(1).getByTestId('featured-opens').innerText()).toBe('0 opens');
  });
});
