import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { totpCode, totpStep } from '../../shared/rules/totp.ts';
import { expectToast, launchChromium, newContext, signInThroughForm } from './web-browser.ts';
import { signedInContextUser } from './web-session.ts';

// Two-factor authentication in the web app: switched on in settings with a code computed here by the
// product's TOTP rule, asked for at the next sign-in (nothing signed-in is reachable before it), then
// switched off with a current code.

const WAIT = 30_000;
let browser: Browser;
const users: string[] = [];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const id of users) await serviceClient().auth.admin.deleteUser(id);
});

/** A code the server has not accepted yet: a step after `lastStep`, waiting for the clock when both near ones are used. */
async function freshCode(secret: string, lastStep: number | null): Promise<{ code: string; step: number }> {
  const usable = () => {
    const now = totpStep(Date.now());
    const step = lastStep === null ? now : Math.max(now, lastStep + 1);
    return step <= now + 1 ? step : null;
  };
  await expect.poll(usable, { timeout: 40_000, interval: 500 }).not.toBeNull();
  const step = usable()!;
  return { code: await totpCode(secret, step * 30_000), step };
}

async function enterCode(page: Page, scope: ReturnType<Page['getByTestId']>, code: string, button: string): Promise<void> {
  await scope.getByTestId('two-factor-code').fill(code);
  await scope.getByRole('button', { name: button }).click();
}

describe('two-factor authentication', () => {
  it('is switched on in settings, asked for at sign-in, and switched off with a code', async () => {
    const context = await newContext(browser, { theme: 'light' });
    const user = await signedInContextUser(context);
    users.push(user.user.id);
    const page = await context.newPage();

    // Settings → Privacy & Security → Two-factor authentication.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Two-factor authentication', exact: true }).click();
    await page.waitForURL('**/settings/privacy#two-factor', { timeout: WAIT });
    const card = page.getByTestId('two-factor');
    await card.getByTestId('two-factor-off').waitFor({ timeout: WAIT });
    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const setup = page.getByTestId('two-factor-setup');
    const secret = (await setup.getByTestId('two-factor-secret').innerText({ timeout: WAIT })).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect
      .poll(() =>
        setup.getByRole('img', { name: 'QR code for your authenticator app' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    // A code of the wrong shape, then a wrong code, then the right one.
    await enterCode(page, setup, '12', 'Turn on');
    await setup.getByText('Enter the 6-digit code from your authenticator app.').waitFor({ timeout: WAIT });
    const first = await freshCode(secret, null);
    await enterCode(page, setup, first.code === '000000' ? '111111' : '000000', 'Turn on');
    await setup.getByText('That code is not right.', { exact: false }).waitFor({ timeout: WAIT });
    await enterCode(page, setup, first.code, 'Turn on');
    await expectToast(page, 'Two-factor authentication is on', WAIT);
    await card.getByTestId('two-factor-on').waitFor({ timeout: WAIT });

    // Sign out, sign in again: the password alone opens nothing.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' || url.pathname === '/', { timeout: WAIT });
    await signInThroughForm(page, user.email, user.password);
    const step = page.getByTestId('two-factor-step');
    await step.waitFor({ timeout: WAIT });
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: WAIT });
    await step.waitFor({ timeout: WAIT });

    const second = await freshCode(secret, first.step);
    await enterCode(page, step, first.code === second.code ? '000000' : first.code, 'Verify');
    await step.getByText('That code is not right.', { exact: false }).waitFor({ timeout: WAIT });
    await enterCode(page, step, second.code, 'Verify');
    await expectToast(page, 'Welcome!', WAIT);
    await page.waitForURL((url) => url.pathname !== '/auth', { timeout: WAIT });

    // Switch it off again: a current code is asked for.
    await page.goto('/settings/privacy');
    await card.getByTestId('two-factor-on').waitFor({ timeout: WAIT });
    await card.getByRole('button', { name: 'Turn off', exact: true }).click();
    const third = await freshCode(secret, second.step);
    await enterCode(page, card, third.code, 'Turn off two-factor authentication');
    await expectToast(page, 'Two-factor authentication is off', WAIT);
    await card.getByTestId('two-factor-off').waitFor({ timeout: WAIT });
    const { data } = await serviceClient().auth.admin.getUserById(user.user.id);
    expect(data.user?.factors ?? []).toEqual([]);
    await context.close();
  });
});
