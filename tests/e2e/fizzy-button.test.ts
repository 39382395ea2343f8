import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, webUrl } from './web-browser.ts';

/** /demo/fizzy-button: at most 250 particles alive, calm under prefers-reduced-motion (its frame rate: tests/bench/fizzy.bench.ts). */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('/demo/fizzy-button', () => {
  it('bursts into particles and never has more than 250 alive, however fast it is pressed', async () => {
    const context = await browser.newContext({ baseURL: webUrl(), viewport: { width: 1280, height: 860 }, reducedMotion: 'no-preference' });
    try {
      const page = await context.newPage();
      await page.goto('/demo/fizzy-button');
      const button = page.getByRole('button', { name: 'Fizz!' });
      const canvas = page.getByTestId('fizzy-canvas');
      await button.click();
      await expect.poll(async () => Number(await canvas.getAttribute('data-peak'))).toBeGreaterThan(0);
      // Ten presses in one task: 900 requested particles, the cap holds.
      await button.evaluate((el) => {
        for (let i = 0; i < 10; i++) (el as HTMLButtonElement).click();
      });
      expect(Number(await canvas.getAttribute('data-peak'))).toBe(250);
      const alive = Number(await canvas.getAttribute('data-particles'));
      expect(alive).toBeLessThanOrEqual(250);
      // They fade out and the loop stops.
      await expect.poll(async () => Number(await canvas.getAttribute('data-particles')), { timeout: 20_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('stays calm under prefers-reduced-motion: no particles', async () => {
    const context = await browser.newContext({ baseURL: webUrl(), viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto('/demo/fizzy-button');
      const canvas = page.getByTestId('fizzy-canvas');
      await expect.poll(() => canvas.getAttribute('data-reduced-motion')).toBe('true');
      const button = page.getByRole('button', { name: 'Fizz!' });
      await button.click();
      await button.click();
      await expect.poll(() => button.getAttribute('data-presses')).toBe('2');
      expect(await canvas.getAttribute('data-peak')).toBe('0');
      await page.getByText('Reduced motion is on').waitFor();
    } finally {
      await context.close();
    }
  });
});
