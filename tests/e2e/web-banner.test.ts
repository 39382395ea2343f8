import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';
import { signedInContextUser } from './web-session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const banner = (page: Page) => page.getByTestId('header-banner');

async function profileFlags(userId: string) {
  const { data } = await serviceClient().from('profiles').select('email_visible, name_visible').eq('user_id', userId).single();
  return data as { email_visible: boolean; name_visible: boolean };
}

describe('header banner', () => {
  it('shows the name, e-mail and slogan in an 8rem banner, with working buttons', async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const user = await signedInContextUser(context, { firstName: 'Katherine', lastName: 'Johnson' });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await banner(page).waitFor();
    await expect.poll(() => page.getByTestId('banner-name').innerText()).toBe('Katherine Johnson');
    expect(await page.getByTestId('banner-email').innerText()).toBe(user.email);
    expect(await banner(page).getByText('The best links in life are free.').isVisible()).toBe(true);
    expect(await banner(page).evaluate((el) => el.getBoundingClientRect().height)).toBe(128);

    await banner(page).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await banner(page).getByRole('link', { name: 'Add link' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The dashboard adds 'Change background' to the banner once it shows, which moves the links
    // beside it: clicked before that, 'Home' could move away and the click land on 'Add link' (a CI run).
    await banner(page).getByRole('button', { name: 'Change background' }).waitFor();
    await banner(page).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('hides and shows the e-mail and the name, and the choice survives a reload', async () => {
    const context = await newContext(browser, { theme: 'dark' });
    const user = await signedInContextUser(context, { firstName: 'Dorothy', lastName: 'Vaughan' });
    // The user's saved appearance wins over the one remembered on the device.
    const saved = await user.client
      .from('user_appearance_settings')
      .upsert({ user_id: user.user.id, theme: 'light', accent_hsl: '160 84% 39%', density: 'comfortable' }, { onConflict: 'user_id' });
    expect(saved.error).toBeNull();
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('banner-name').innerText()).toBe('Dorothy Vaughan');
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).not.toMatch(/dark|gray/);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'))).toBe('160 84% 39%');

    await banner(page).getByRole('button', { name: 'Hide email' }).click();
    await expectToast(page, 'Email is now hidden.');
    await expectToast(page, 'Updated');
    await expect.poll(() => page.getByTestId('banner-email').innerText()).not.toContain(user.email);
    await banner(page).getByRole('button', { name: 'Hide name' }).click();
    await expectToast(page, 'Name is now hidden.');
    await expect.poll(() => page.getByTestId('banner-name').innerText()).not.toContain('Dorothy');
    expect(await profileFlags(user.user.id)).toEqual({ email_visible: false, name_visible: false });

    await page.reload();
    await banner(page).getByRole('button', { name: 'Show email' }).waitFor();
    await banner(page).getByRole('button', { name: 'Show name' }).waitFor();
    expect(await page.getByTestId('banner-email').innerText()).not.toContain(user.email);
    expect(await page.getByTestId('banner-name').innerText()).not.toContain('Dorothy');

    await banner(page).getByRole('button', { name: 'Show email' }).click();
    await expectToast(page, 'Email is now visible.');
    await expect.poll(() => page.getByTestId('banner-email').innerText()).toBe(user.email);
    await banner(page).getByRole('button', { name: 'Show name' }).click();
    await expectToast(page, 'Name is now visible.');
    await page.reload();
    await expect.poll(() => page.getByTestId('banner-name').innerText()).toBe('Dorothy Vaughan');
    expect(await page.getByTestId('banner-email').innerText()).toBe(user.email);
    expect(await profileFlags(user.user.id)).toEqual({ email_visible: true, name_visible: true });
    await context.close();
  });

  it('fits a 390 px phone', async () => {
    const context = await newContext(browser, { theme: 'dark', phone: true });
    await signedInContextUser(context, { firstName: 'Margaret', lastName: 'Hamilton' });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect.poll(() => page.getByTestId('banner-name').innerText()).toBe('Margaret Hamilton');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ['Home', 'Add link', 'Settings', 'Sign out']) {
      expect(
        await banner(page)
          .getByRole(name === 'Sign out' ? 'button' : 'link', { name })
          .isVisible(),
      ).toBe(true);
    }
    await context.close();
  });

  it("says 'Failed to sign out. Please try again.' when signing out fails", async () => {
    const context = await newContext(browser);
    await signedInContextUser(context);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await banner(page).waitFor();
    await page.route('**/auth/v1/logout**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await banner(page).getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Failed to sign out. Please try again.');
    await context.close();
  });
});
