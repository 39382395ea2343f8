import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';

/** Helpers for the web e2e tests: Debian's chromium through Playwright, the served test build. */

export { CHROMIUM_ARGS };

export function webUrl(): string {
  return inject('webUrl');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface ContextOptions {
  /** 'dark' | 'light' | 'gray' | 'system': seeds the device's remembered appearance. */
  theme?: 'dark' | 'light' | 'gray' | 'system';
  colorScheme?: 'dark' | 'light';
  /** A phone-sized viewport (390 px wide). */
  phone?: boolean;
}

/** A fresh browser context (its own storage) with the app's base URL. */
export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: webUrl(),
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1280, height: 860 },
    deviceScaleFactor: 1,
    isMobile: opts.phone ?? false,
    hasTouch: opts.phone ?? false,
    colorScheme: opts.colorScheme ?? 'dark',
  });
  if (opts.theme) {
    await context.addInitScript((theme) => {
      if (!localStorage.getItem('linkvault-appearance'))
        localStorage.setItem('linkvault-appearance', JSON.stringify({ theme, accentHsl: '222.2 47.4% 11.2%', density: 'comfortable' }));
    }, opts.theme);
  }
  return context;
}

/** The visible texts of the toasts currently shown (sonner). */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-sonner-toast]').allInnerTexts();
}

/** Waits for a toast containing `text` (title or description); 20 s because a loaded 2-core CI machine can take over 10 s to save. */
export async function expectToast(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Signs in through the /auth form. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}
