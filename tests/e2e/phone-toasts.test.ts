/**
 * On a 390 px phone, toasts sit inside the dashboard's bottom bar, left
 * of its add button, one at a time, so they never cover a card, not even right after the add sheet
 * closes while an earlier toast is still showing (that stack used to rise over the card above the bar).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser } from '../setup/clients.ts';
import { card, openDashboard, section, seedLinks, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

interface Placement {
  shown: number;
  /** Visible toasts that rise above the bar's top edge, reach under the add button, or overlap a card. */
  problems: string[];
}

/** Where the toasts that can be seen are, against the bottom bar, its add button and the cards. */
async function toastPlacement(page: Page): Promise<Placement> {
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="quick-add-bar"]')!.getBoundingClientRect();
    const add = document.querySelector('[aria-label="Quick add link"]')!.getBoundingClientRect();
    const cards = [...document.querySelectorAll('article')].map((a) => ({
      name: a.getAttribute('aria-label'),
      r: a.getBoundingClientRect(),
    }));
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].filter(
      (t) => t.dataset.visible !== 'false' && Number(getComputedStyle(t).opacity) > 0,
    );
    const problems: string[] = [];
    for (const t of toasts) {
      // The close button is part of what a person sees.
      const boxes = [t, ...t.querySelectorAll<HTMLElement>('[data-close-button]')].map((el) => el.getBoundingClientRect());
      const top = Math.min(...boxes.map((b) => b.top));
      const right = Math.max(...boxes.map((b) => b.right));
      const bottom = Math.max(...boxes.map((b) => b.bottom));
      const left = Math.min(...boxes.map((b) => b.left));
      const text = t.innerText.replace(/\s+/g, ' ').trim();
      if (top < bar.top - 0.5) problems.push(`${text}: top ${Math.round(top)} above the bar (${Math.round(bar.top)})`);
      if (right > add.left) problems.push(`${text}: reaches under the add button`);
      for (const c of cards) {
        if (c.r.height === 0) continue;
        const visibleCardBottom = Math.min(c.r.bottom, bar.top);
        if (left < c.r.right && right > c.r.left && top < visibleCardBottom && bottom > c.r.top)
          problems.push(`${text}: covers card ${c.name}`);
      }
    }
    return { shown: toasts.length, problems };
  });
}

describe('phone toasts', () => {
  it('after the add sheet closes with a move toast still up, the toasts stay inside the bottom bar and cover no card', async () => {
    const user = await createConfirmedUser({ firstName: 'Pho', lastName: 'Ne' });
    expect(
      (
        await user.client
          .from('profiles')
          .update({ username: `phone_${randomUUID().slice(0, 8)}` })
          .eq('user_id', user.user.id)
      ).error,
    ).toBeNull();
    const { page, context } = await openDashboard(browser, { phone: true, user });
    await seedLinks(
      user,
      Array.from({ length: 6 }, (_, i) => ({ title: `T${i + 1}`, url: `https://t${i + 1}.example/` })),
    );
    await page.reload();
    await waitForGrid(page);
    const saved = section(page, 'Recently Saved Links');

    // A move's toast.
    await card(saved, 'T1').getByRole('button', { name: 'Down', exact: true }).click();
    await expectToast(page, 'Link moved', WAIT);

    // Then a link added from the sheet: its toast comes as the sheet closes, the move toast still up.
    await page.getByRole('button', { name: 'Quick add link' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add New Link' });
    await sheet.waitFor();
    await sheet.getByLabel('Title').fill('Fresh One');
    await sheet.getByLabel('URL').fill('https://fresh-one.example/');
    await sheet.getByRole('button', { name: 'Add Link' }).click();
    await sheet.waitFor({ state: 'detached', timeout: WAIT });
    await expectToast(page, 'Link added', WAIT);

    // Scroll so a card sits right above the bar, where the toast stack used to reach.
    await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="quick-add-bar"]')!.getBoundingClientRect();
      const cards = [...document.querySelectorAll('article')];
      const target = cards[Math.min(2, cards.length - 1)];
      window.scrollBy({ top: target.getBoundingClientRect().bottom - bar.top + 4 });
    });
    // A toast fades in (opacity 0 at first): wait until it can be seen, then measure.
    await expect.poll(async () => (await toastPlacement(page)).shown, { timeout: WAIT }).toBe(1);
    const placement = await toastPlacement(page);
    expect(placement.shown).toBe(1);
    expect(placement.problems).toEqual([]);

    // A toast with a description (saving a URL again updates it) fits the bar too.
    await page.getByRole('button', { name: 'Quick add link' }).click();
    await sheet.waitFor();
    await sheet.getByLabel('Title').fill('Fresh One again, with a title long enough to need the ellipsis');
    await sheet.getByLabel('URL').fill('https://fresh-one.example/');
    await sheet.getByRole('button', { name: /Add Link|Update/ }).click();
    await sheet.waitFor({ state: 'detached', timeout: WAIT });
    await expectToast(page, 'Link updated', WAIT);
    await expect.poll(async () => (await toastPlacement(page)).shown, { timeout: WAIT }).toBe(1);
    const withDescription = await toastPlacement(page);
    expect(withDescription.shown).toBe(1);
    expect(withDescription.problems).toEqual([]);
    // The description is still there in full for screen readers (only drawn shorter).
    expect(
      await page.locator('[data-sonner-toast]', { hasText: 'Link updated' }).first().locator('[data-description]').textContent(),
    ).toContain('Fresh One');
    await context.close();
  });
});
