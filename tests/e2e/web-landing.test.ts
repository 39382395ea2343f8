import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_NAME } from '../../shared/constants.ts';
import { testStack } from '../setup/stack-info.ts';
import { launchChromium, newContext } from './web-browser.ts';
import { signedInContextUser } from './web-session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openLanding(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: BRAND_NAME }).waitFor();
}

describe('landing page (/) signed out', () => {
  it('has the title, description, canonical link, hero, processed logo, cards, call to action and ad space', async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await openLanding(page);

    expect(await page.title()).toBe(`${BRAND_NAME} — Save and share your favorite links`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/links/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/$/);
    await expect
      .poll(() => page.getByTestId('hero-banner').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // The logo went through the canvas: a PNG data URL whose corner (black in the file) is now transparent.
    const logo = page.getByRole('img', { name: `${BRAND_NAME} logo` });
    await expect.poll(() => logo.getAttribute('data-logo-state')).toBe('processed');
    const corner = await logo.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return Array.from(ctx.getImageData(2, 2, 1, 1).data);
    });
    expect(await logo.getAttribute('src')).toMatch(/^data:image\/png/);
    expect(corner[3]).toBe(0);

    await expect.poll(() => page.getByText('The best links in life are free.').isVisible()).toBe(true);
    for (const title of ['Organize Everything', 'Share Seamlessly', 'Track Everything', 'Connect & Discover']) {
      expect(await page.getByRole('heading', { level: 3, name: title }).isVisible()).toBe(true);
    }
    const body = await page.locator('main').innerText();
    expect(body).toMatch(/folders, tags and categories/);
    expect(body).toMatch(/e-mail, phone or your favourite social platforms/);
    expect(body).toMatch(/clicks, shares and engagement/);
    expect(body).toMatch(/Connect with other users to share whole collections and discover/);
    expect(await page.getByText('Future ad space', { exact: true }).isVisible()).toBe(true);

    expect(await page.getByTestId('hero-cta').innerText()).toContain('Get Started');
    expect(await page.getByTestId('closing-cta').innerText()).toBe('Start Free Today');
    // Signed out, nothing talks to the backend and supabase-js is not downloaded.
    expect(requests.filter((url) => url.startsWith(testStack().url))).toEqual([]);
    expect(requests.filter((url) => /supabase-client/.test(url))).toEqual([]);

    await context.close();
  });

  it('sends both calls to action to /auth, and the header buttons to /privacy and /support', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openLanding(page);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/auth');
    await openLanding(page);
    await page.getByRole('link', { name: 'Start Free Today' }).click();
    await page.waitForURL('**/auth');
    await openLanding(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await openLanding(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/support');
    await context.close();
  });

  it('looks right in the light theme and on a 390 px phone', async () => {
    const light = await newContext(browser, { theme: 'light', colorScheme: 'light' });
    const page = await light.newPage();
    await openLanding(page);
    expect(await page.evaluate(() => document.documentElement.className)).not.toMatch(/dark|gray/);
    await expect.poll(() => page.getByRole('img', { name: `${BRAND_NAME} logo` }).getAttribute('data-logo-state')).toBe('processed');
    await light.close();

    const phone = await newContext(browser, { theme: 'dark', phone: true });
    const phonePage = await phone.newPage();
    await openLanding(phonePage);
    await expect.poll(() => phonePage.getByRole('img', { name: `${BRAND_NAME} logo` }).getAttribute('data-logo-state')).toBe('processed');
    // Nothing wider than the screen.
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });
});

describe('landing page (/) signed in', () => {
  it("shows 'Go to Dashboard' twice, both going to /dashboard", async () => {
    const context = await newContext(browser);
    await signedInContextUser(context);
    const page = await context.newPage();
    await openLanding(page);
    await expect.poll(() => page.getByTestId('hero-cta').innerText()).toContain('Go to Dashboard');
    expect(await page.getByTestId('closing-cta').innerText()).toBe('Go to Dashboard');
    await page.getByTestId('closing-cta').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('header-banner').waitFor();
    await openLanding(page);
    await page.getByTestId('hero-cta').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('appearance', () => {
  it("'system' follows the OS colour scheme live", async () => {
    const context = await newContext(browser, { theme: 'system', colorScheme: 'light' });
    const page = await context.newPage();
    await openLanding(page);
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    expect(await htmlClass()).not.toContain('dark');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(htmlClass).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(htmlClass).not.toContain('dark');
    await context.close();
  });

  it('applies gray, compact density and a custom accent remembered on the device', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() =>
      localStorage.setItem('linkvault-appearance', JSON.stringify({ theme: 'gray', accentHsl: '330 81% 60%', density: 'compact' })),
    );
    const page = await context.newPage();
    await openLanding(page);
    const state = await page.evaluate(() => ({
      className: document.documentElement.className,
      primary: document.documentElement.style.getPropertyValue('--primary'),
      fontSize: getComputedStyle(document.documentElement).fontSize,
    }));
    expect(state.className).toContain('gray');
    expect(state.className).toContain('density-compact');
    expect(state.primary).toBe('330 81% 60%');
    expect(state.fontSize).not.toBe('16px');
    await context.close();
  });
});

describe('static pages and 404', () => {
  it('/privacy, /data-deletion and /support have real text, and the footer links them', async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('Effective date: August 8, 2025');
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(1500);

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Data Deletion' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data Deletion' }).waitFor();
    const mailto = await page.getByRole('link', { name: 'E-mail a deletion request' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:[^?]+\?subject=Data%20Deletion%20Request$/);
    expect(await page.locator('main').innerText()).toContain('Data Deletion Request');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor();
    expect(await page.locator('main').innerText()).toContain('1-2 business days');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await context.close();
  });

  it("any other path shows 'Oops! Page not found' with 'Return to Home'", async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    for (const path of ['/no/such/page', '/x', '/settings/unknown']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    }
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: BRAND_NAME }).waitFor();
    await context.close();
  });
});
