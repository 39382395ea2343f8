/**
 * Settings → Notifications in Debian chromium against the real stack: both Notifications entries
 * open the page; each choice saves at once (by keyboard) and is still set after a reload; the
 * Browser section links the extension; readable at 390 px; the unsubscribe page's button turns
 * the e-mails off without signing in, and a broken link says so.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_PATH } from '../../shared/rules/notifications.ts';
import { createConfirmedUser, latestMail, type ConfirmedUser } from '../setup/clients.ts';
import { testStack } from '../setup/stack-info.ts';
import { useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
});

const WAIT = 20_000;

async function contextFor(user: ConfirmedUser | null, opts: { phone?: boolean; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await newContext(browser, { phone: opts.phone, colorScheme: opts.colorScheme, theme: opts.colorScheme ?? 'dark' });
  contexts.push(context);
  if (user) await useSessionOf(context, user);
  return context;
}

async function settingsOf(user: ConfirmedUser) {
  const { data, error } = await user.client
    .from('notification_settings')
    .select('share_email, folder_invite_email')
    .eq('user_id', user.user.id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

describe('/settings/notifications', () => {
  it('both entries open it; each change saves at once by keyboard and survives a reload', async () => {
    const user = await createConfirmedUser();
    const page = await (await contextFor(user)).newPage();
    for (const entry of ['Email notifications', 'Push notifications']) {
      await page.goto('/settings');
      await page.getByRole('button', { name: entry, exact: true }).click();
      await page.waitForURL('**/settings/notifications');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    }
    const email = page.getByTestId('notifications-email');
    const atOnce = email.getByRole('radio', { name: 'At once' });
    await expect.poll(() => atOnce.isChecked(), { timeout: WAIT }).toBe(true);

    // Keyboard: focus the chosen radio, the arrow moves to the next choice (Daily digest).
    await atOnce.focus();
    await page.keyboard.press('ArrowRight');
    await expectToast(page, 'Saved', WAIT);
    await expect.poll(() => settingsOf(user), { timeout: WAIT }).toEqual({ share_email: 'daily', folder_invite_email: true });

    const invites = email.getByRole('switch', { name: 'E-mail me when someone invites me to a folder' });
    await invites.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => settingsOf(user), { timeout: WAIT }).toEqual({ share_email: 'daily', folder_invite_email: false });

    await page.reload();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await expect.poll(() => email.getByRole('radio', { name: 'Daily digest' }).isChecked(), { timeout: WAIT }).toBe(true);
    expect(await invites.getAttribute('aria-checked')).toBe('false');

    const browserSection = page.getByTestId('notifications-browser');
    await browserSection.getByText('toolbar badge', { exact: false }).waitFor();
    expect(await browserSection.getByRole('link', { name: 'Get it for Firefox' }).getAttribute('href')).toMatch(
      /^https:\/\/addons\.mozilla\.org\//,
    );
  });

  it('is readable at 390 px', async () => {
    const user = await createConfirmedUser();
    const page = await (await contextFor(user, { phone: true, colorScheme: 'light' })).newPage();
    await page.goto('/settings/notifications');
    await page.getByRole('radio', { name: 'Off' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

describe(UNSUBSCRIBE_PATH, () => {
  it("the e-mail's link turns share e-mails off with one button, signed out; a broken link says so", async () => {
    const [sender, recipient] = await Promise.all([createConfirmedUser({ firstName: 'Sam', lastName: 'Sender' }), createConfirmedUser()]);
    const username = `unsub_${Date.now().toString(36)}`;
    await recipient.client.from('profiles').update({ username }).eq('user_id', recipient.user.id);
    const { data: saved } = await sender.client
      .from('categories')
      .select('id')
      .eq('user_id', sender.user.id)
      .eq('system_key', 'saved')
      .single();
    const { data: link } = await sender.client
      .from('links')
      .insert({ user_id: sender.user.id, title: 'Unsubscribe e2e', url: `https://example.com/${Date.now()}`, category_id: saved!.id })
      .select('id')
      .single();
    const shared = await sender.client
      .from('shared_links')
      .insert({ sender_id: sender.user.id, link_id: link!.id, recipient_username: username });
    expect(shared.error).toBeNull();
    const { url, serviceRoleKey } = testStack();
    const drained = await fetch(`${url}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: recipient.user.id }),
    });
    expect(drained.status).toBe(200);
    const mail = await latestMail(recipient.email, { subject: 'New link from Sam Sender' });
    const unsubscribeUrl = /https?:\/\/\S+\/notifications\/unsubscribe#token=\S+/.exec(mail.text)?.[0];
    expect(unsubscribeUrl).toBeTruthy();

    const page = await (await contextFor(null)).newPage();
    const broken = new URL(unsubscribeUrl!);
    await page.goto(`${UNSUBSCRIBE_PATH}${broken.hash.slice(0, -3)}abc`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByTestId('unsubscribe-failed').getByText('not valid').waitFor({ timeout: WAIT });
    expect(await settingsOf(recipient)).toBeNull();

    // The link as the e-mail has it, in a new tab as a mail client opens it.
    const fresh = await (await contextFor(null)).newPage();
    await fresh.goto(`${UNSUBSCRIBE_PATH}${broken.hash}`);
    await fresh.getByRole('button', { name: 'Unsubscribe' }).click();
    await fresh.getByTestId('unsubscribe-done').waitFor({ timeout: WAIT });
    expect(await settingsOf(recipient)).toEqual({ share_email: 'off', folder_invite_email: true });
  });
});
