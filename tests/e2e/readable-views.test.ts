import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { launchChromium, newContext } from './web-browser.ts';

/**
 * Every view of a folder is readable at every width: Compact and Gallery cards are wide enough for
 * a title's first 24 characters, List is a dense list (one row a link, 12+ rows on an 800 px high
 * screen). Measured from the rendered elements, never from pixels.
 */

let browser: Browser;
let user: ConfirmedUser;
let folderId: string;
beforeAll(async () => {
  browser = await launchChromium();
  user = await createConfirmedUser({ firstName: 'Vera', lastName: 'Views' });
  folderId = await createCategory(user.client, user.user.id, 'Long reads');
  await seedLinks(
    user,
    Array.from({ length: 30 }, (_, i) => ({
      title: `Designing Data-Intensive Applications, chapter ${i + 1}`,
      url: `https://reads.example/${i + 1}`,
    })),
    { folderId },
  );
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;
const MODE_LABEL = { gallery: 'Gallery', compact: 'Compact', list: 'List' } as const;

async function openFolderAt(width: number, height: number): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark', phone: width < 640 });
  await useSessionOf(context, user);
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  await page.goto(`/category/${folderId}`);
  await page.getByTestId('folder-links').waitFor({ timeout: WAIT });
  return page;
}

async function showMode(page: Page, mode: keyof typeof MODE_LABEL) {
  const radio = page.getByRole('radio', { name: MODE_LABEL[mode] });
  // Phones keep the view modes under 'View options'.
  const options = page.getByRole('button', { name: 'View options' });
  if (!(await radio.isVisible()) && (await options.isVisible())) await options.click();
  await radio.click();
  await expect.poll(() => page.getByTestId('folder-links').getAttribute('data-view-mode')).toBe(mode);
}

/**
 * For each title on screen: whether its first `chars` characters fit inside the title's box (the
 * width of a Range over them against the heading's width, less room for the ellipsis).
 */
async function titlesShowing(page: Page, chars: number): Promise<boolean[]> {
  return page.getByTestId('folder-links').evaluate((grid, n) => {
    return [...grid.querySelectorAll('article h3')].map((h3) => {
      const text = h3.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return false;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, Math.min(n, text.textContent!.length));
      return range.getBoundingClientRect().width <= h3.clientWidth - 12;
    });
  }, chars);
}

describe('folder views at every width', () => {
  for (const width of [390, 768, 1280, 1920]) {
    it(`Compact and Gallery show 24+ characters of a title, List one row a link, at ${width} px`, async () => {
      const page = await openFolderAt(width, 800);
      for (const mode of ['compact', 'gallery'] as const) {
        await showMode(page, mode);
        const shown = await titlesShowing(page, 24);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.every(Boolean), `${mode} at ${width} px cuts a title under 24 characters`).toBe(true);
        // Nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await showMode(page, 'list');
      expect(await page.getByTestId('folder-links').getAttribute('data-columns')).toBe('1');
      // One row a link: the title and its URL side by side with the icon, never a tall card.
      const rows = page.getByTestId('folder-links').locator('article');
      const first = (await rows.first().boundingBox())!;
      const icon = (await rows.first().locator('[data-icon]').boundingBox())!;
      expect(first.height).toBeLessThan(width < 640 ? 100 : 66);
      expect(icon.y).toBeGreaterThanOrEqual(first.y);
      await page.context().close();
    });
  }

  it('List fits 12+ links on an 800 px high screen (1280 px wide)', async () => {
    const page = await openFolderAt(1280, 800);
    await showMode(page, 'list');
    // The list's first row at the top of the window: how many rows are wholly on screen.
    await page
      .getByTestId('folder-links')
      .locator('article')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect
      .poll(() =>
        page
          .getByTestId('folder-links')
          .locator('article')
          .evaluateAll((rows) =>
            rows.filter((row) => {
              const box = row.getBoundingClientRect();
              return box.top >= 0 && box.bottom <= window.innerHeight;
            }),
          )
          .then((rows) => rows.length),
      )
      .toBeGreaterThanOrEqual(12);
    await page.context().close();
  });
});
