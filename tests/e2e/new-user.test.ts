import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { launchWithExtension, openPopup } from './ext/browser.ts';
import { badgeText, eventually } from './ext/helpers.ts';
import { callFunction } from '../functions/helpers.ts';
import { card, openDashboard, section, seedLinks, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

/** What a new user trips over: counts that agree, focus, messages, phone layout, password rules, outgoing shares. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function setUsername(u: ConfirmedUser): Promise<string> {
  const username = `u_${randomUUID().slice(0, 8)}`;
  const { error } = await u.client.from('profiles').update({ username }).eq('user_id', u.user.id);
  if (error) throw error;
  return username;
}

/** Shares one of the sender's links to a username through the share-link function. */
async function shareTo(sender: ConfirmedUser, title: string, username: string): Promise<void> {
  const [linkId] = await seedLinks(sender, [{ title, url: `https://${randomUUID().slice(0, 8)}.example/` }]);
  const res = await callFunction('share-link', {
    token: sender.accessToken,
    body: { shareData: { sender_id: sender.user.id, link_id: linkId, recipient_username: username } },
  });
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A short description of the focused element, for Tab walks. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.innerText?.trim().slice(0, 40) ?? ''}`;
  });
}

describe('new user: counts agree', () => {
  it('the Manage Categories incoming row counts the same pending links as the Incoming section', async () => {
    const sender = await createConfirmedUser({ firstName: 'Sam', lastName: 'Sender' });
    const receiver = await createConfirmedUser({ firstName: 'Rita', lastName: 'Receiver' });
    const username = await setUsername(receiver);
    await shareTo(sender, 'First Shared', username);
    await shareTo(sender, 'Second Shared', username);

    const { page, context } = await openDashboard(browser, { user: receiver });
    const incoming = page.getByTestId('incoming-subsection');
    await expect.poll(() => incoming.getByTestId('count-badge').first().innerText(), { timeout: 20_000 }).toBe('2');
    const row = page.locator('[data-testid="category-row"][data-category-name="Recently Received Links (Incoming)"]');
    await expect.poll(() => row.getByLabel(/^\d+ links/).innerText(), { timeout: 20_000 }).toBe('2');
    expect(await row.getAttribute('data-pulsing')).toBe('true');
    const { data } = await receiver.client.rpc('pending_incoming_count').overrideTypes<number, { merge: false }>();
    expect(data).toBe(2);
    await context.close();
  });
});

describe('new user: focus is never lost', () => {
  it('reaches Add Category in at most 15 Tab presses with 20 links on screen', async () => {
    const { page, context, user } = await openDashboard(browser);
    await seedLinks(
      user,
      Array.from({ length: 20 }, (_, i) => ({ title: `Link ${i + 1}`, url: `https://l${i + 1}.example/` })),
    );
    await page.reload();
    await waitForGrid(page);
    await card(section(page, 'Recently Saved Links'), 'Link 1').waitFor();
    const walk: string[] = [];
    let presses = 0;
    for (; presses < 120;) {
      await page.keyboard.press('Tab');
      presses++;
      const name = await focusedName(page);
      walk.push(name);
      if (name === 'button:Add Category') break;
    }
    console.log(`Tab presses to 'Add Category' with 20 links: ${presses}\n${walk.join('\n')}`);
    expect(walk.at(-1)).toBe('button:Add Category');
    expect(presses).toBeLessThanOrEqual(15);
    await context.close();
  });

  it('a link card is one tab stop; arrow keys reach its actions and reorder buttons', async () => {
    const { page, context, user } = await openDashboard(browser);
    await seedLinks(user, [
      { title: 'Alpha', url: 'https://alpha.example/' },
      { title: 'Beta', url: 'https://beta.example/' },
    ]);
    await page.reload();
    await waitForGrid(page);
    const alpha = card(section(page, 'Recently Saved Links'), 'Alpha');
    await alpha.getByRole('button', { name: 'Actions for Alpha' }).focus();
    expect(await alpha.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('a:https://alpha.example/');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('button:Delete link');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toMatch(/^button:(End|Right|Down)$/);
    // The reorder buttons show on keyboard focus.
    const moves = alpha.getByRole('group', { name: 'Move Alpha' });
    await expect.poll(() => moves.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    // Tab leaves the card (one stop), Shift+Tab comes back to the control used last.
    await page.keyboard.press('Tab');
    expect(await alpha.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toMatch(/^button:(End|Right|Down)$/);
    await context.close();
  });

  it('dialogs open on their field and give focus back to the opener (Esc, Cancel, ×, submit)', async () => {
    const { page, context, user } = await openDashboard(browser);
    await seedLinks(user, [{ title: 'Gamma', url: 'https://gamma.example/' }]);
    await page.reload();
    await waitForGrid(page);
    const gamma = card(section(page, 'Recently Saved Links'), 'Gamma');
    const actions = gamma.getByRole('button', { name: 'Actions for Gamma' });

    // Share Link from the card's menu: focus in the recipient field; Esc returns to the menu button.
    await actions.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    const share = page.getByRole('dialog', { name: 'Share Link: Gamma' });
    await share.waitFor();
    await expect.poll(() => share.getByLabel('Username', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('button:Actions for Gamma');

    // Add Category: the name field; Cancel/× return to the button; so does a successful submit.
    const addCategory = page.getByRole('button', { name: 'Add Category' });
    for (const close of ['Escape', 'Close', 'submit'] as const) {
      await addCategory.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create New Category' });
      await dialog.waitFor();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder)).toBe('e.g. Recipes');
      if (close === 'Escape') await page.keyboard.press('Escape');
      else if (close === 'Close') await dialog.getByRole('button', { name: 'Close' }).click();
      else {
        await page.keyboard.type(`Folder ${randomUUID().slice(0, 6)}`);
        await page.keyboard.press('Enter');
      }
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
      await expect.poll(() => focusedName(page)).toBe('button:Add Category');
    }

    // Delete Link dialog (from the card's trash button): Cancel returns to it.
    await gamma.getByRole('button', { name: 'Delete link' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('button:Delete link');
    await context.close();
  });
});

/** Boxes of the visible toasts and of the visible controls they overlap. */
/**
 * A user who has chosen a username, so the one-time 'Choose Your Username' card is not on the page: the
 * toast-placement checks below are about the dashboard's usual layout, which that card pushes down.
 */
async function userWithUsername(): Promise<ConfirmedUser> {
  const user = await createConfirmedUser({ firstName: 'Toast', lastName: 'Check' });
  const username = `toast_${randomUUID().slice(0, 8)}`;
  const { error } = await user.client.from('profiles').update({ username }).eq('user_id', user.user.id);
  if (error) throw error;
  return user;
}

async function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.getBoundingClientRect());
    // A control hidden behind something opaque (the phone's bottom bar) is not one the toast covers:
    // look through the toasts for what is on top at the control's centre.
    const toasters = [...document.querySelectorAll<HTMLElement>('[data-sonner-toaster]')];
    for (const toaster of toasters) toaster.style.pointerEvents = 'none';
    const onTop = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    };
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')].filter((el) => {
      if (el.closest('[data-sonner-toaster]')) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' && Number(getComputedStyle(el).opacity) > 0;
    });
    const hits: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // Only controls the user can reach now: inside an open dialog when one is open.
      const dialog = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
      if (dialog && !dialog.contains(el)) continue;
      if (toasts.some((t) => r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top) && onTop(el))
        hits.push(el.getAttribute('aria-label') ?? el.innerText ?? el.tagName);
    }
    for (const toaster of toasters) toaster.style.pointerEvents = '';
    return hits;
  });
}

describe('new user: keyboard shortcuts', () => {
  it('/ focuses search, n opens the add form, ? lists the shortcuts', async () => {
    const { page, context } = await openDashboard(browser);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('links-search');
    await page.keyboard.type('abc');
    expect(await page.getByTestId('links-search').inputValue()).toBe('abc');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('n');
    await expect
      .poll(() =>
        page
          .getByTestId('link-editor')
          .getByLabel('Title')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Shift+?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByTestId('shortcuts-list').innerText()).toContain('Search your links');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('new user: icon gallery is a radio group', () => {
  it('one tab stop; arrow keys move and choose', async () => {
    const { page, context } = await openDashboard(browser);
    await page.getByRole('button', { name: 'Add Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    const gallery = dialog.getByRole('radiogroup', { name: 'Icon gallery' });
    await gallery.waitFor();
    const radios = gallery.getByRole('radio');
    expect(await gallery.locator('[role="radio"][tabindex="0"]').count()).toBe(1);
    await radios.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => radios.nth(1).getAttribute('aria-checked')).toBe('true');
    expect(await radios.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await gallery.locator('[role="radio"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => radios.first().getAttribute('aria-checked')).toBe('true');
    // Tab leaves the group in one press.
    await page.keyboard.press('Tab');
    expect(await gallery.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe('new user: messages that tell the truth', () => {
  it('a search with no matches says so; a share to an address that cannot receive mail is refused', async () => {
    const { page, context, user } = await openDashboard(browser);
    await seedLinks(user, [{ title: 'Delta', url: 'https://delta.example/' }]);
    await page.reload();
    await waitForGrid(page);
    await page.getByTestId('links-search').fill('zzqx');
    await section(page, 'Recently Saved Links').getByText('No links match "zzqx"').waitFor();
    expect(await page.getByText('No links found. Add your first link!').count()).toBe(0);
    await page.getByTestId('links-search').fill('');

    const delta = card(section(page, 'Recently Saved Links'), 'Delta');
    await delta.getByRole('button', { name: 'Actions for Delta' }).click();
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Link: Delta' });
    await dialog.getByLabel('Share Method').selectOption('email');
    await dialog.getByLabel('Email Address').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(page, 'cannot receive mail', 20_000);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'was shared with' }).count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await controlsUnderToasts(page)).toEqual([]);
    await context.close();
  });

  it('reorder toasts replace each other; toasts sit at the bottom and cover no control', async () => {
    const { page, context, user } = await openDashboard(browser, { user: await userWithUsername() });
    await seedLinks(user, [
      { title: 'R1', url: 'https://r1.example/' },
      { title: 'R2', url: 'https://r2.example/' },
      { title: 'R3', url: 'https://r3.example/' },
    ]);
    await page.reload();
    await waitForGrid(page);
    const saved = section(page, 'Recently Saved Links');
    await card(saved, 'R3').hover();
    await card(saved, 'R3').getByRole('button', { name: 'Left', exact: true }).click();
    await expectToast(page, 'Link moved left successfully!', 20_000);
    await expect
      .poll(() => saved.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))), { timeout: 20_000 })
      .toEqual(['R1', 'R3', 'R2']);
    await card(saved, 'R3').hover();
    await card(saved, 'R3').getByRole('button', { name: 'Left', exact: true }).click();
    await expect
      .poll(() => saved.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))), { timeout: 20_000 })
      .toEqual(['R3', 'R1', 'R2']);
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Link moved left successfully!' }).count()).toBe(1);
    const box = await page.locator('[data-sonner-toast]').first().boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(860 - 120);
    await page.mouse.move(0, 0);
    expect(await controlsUnderToasts(page)).toEqual([]);
    await context.close();
  });
});

describe('new user: phone layout', () => {
  it('links come first, the add form is a sheet from the bottom bar, the bar covers no control', async () => {
    const { page, context, user } = await openDashboard(browser, { phone: true, user: await userWithUsername() });
    await seedLinks(
      user,
      Array.from({ length: 8 }, (_, i) => ({ title: `P${i + 1}`, url: `https://p${i + 1}.example/` })),
    );
    await page.reload();
    await waitForGrid(page);
    // The grid comes before any form, and no add form sits above the list.
    expect(await page.getByTestId('link-editor').count()).toBe(0);
    const gridTop = (await page.getByRole('heading', { name: 'Your Links' }).boundingBox())!.y;
    const manageTop = (await page.getByRole('heading', { name: 'Manage Categories' }).boundingBox())!.y;
    expect(gridTop).toBeLessThan(manageTop);

    // Keyboard users: every control focused with Tab is scrolled clear of the bottom bar.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const el = document.activeElement as HTMLElement | null;
              const bar = document.querySelector('[data-testid="quick-add-bar"]');
              if (!el || !bar || bar.contains(el) || !el.closest('main')) return null;
              const r = el.getBoundingClientRect();
              return r.bottom > bar.getBoundingClientRect().top + 1
                ? `${el.getAttribute('aria-label') ?? el.innerText}: ${Math.round(r.bottom)}`
                : null;
            }),
          { timeout: 3_000 },
        )
        .toBeNull();
    }
    // The page ends with room for the bar: its last control, scrolled as far as it goes, is clear of it.
    await page.evaluate(() => {
      const els = [...document.querySelectorAll<HTMLElement>('main button, main a[href], main input')].filter(
        (el) => el.getBoundingClientRect().height > 0,
      );
      els[els.length - 1].scrollIntoView({ block: 'end' });
    });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const bar = document.querySelector('[data-testid="quick-add-bar"]')!.getBoundingClientRect();
          const els = [...document.querySelectorAll<HTMLElement>('main button, main a[href], main input')].filter(
            (el) => el.getBoundingClientRect().height > 0,
          );
          const last = els[els.length - 1];
          return { clear: last.getBoundingClientRect().bottom <= bar.top, label: last.getAttribute('aria-label') ?? last.innerText };
        }),
      )
      .toMatchObject({ clear: true });

    // One column: Down moves one place, as Right does.
    const savedSection = section(page, 'Recently Saved Links');
    await card(savedSection, 'P1').getByRole('button', { name: 'Down', exact: true }).click();
    await expect
      .poll(() => savedSection.getByRole('article').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))), {
        timeout: 20_000,
      })
      .toEqual(['P2', 'P1', 'P3']);

    await page.getByRole('button', { name: 'Quick add link' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add New Link' });
    await sheet.waitFor();
    // The move's toast (at the bottom) does not cover the sheet's buttons.
    expect(await controlsUnderToasts(page)).toEqual([]);
    await expect.poll(() => sheet.getByLabel('Title').evaluate((el) => el === document.activeElement)).toBe(true);
    await sheet.getByLabel('Title').fill('From the sheet');
    await sheet.getByLabel('URL').fill('https://sheet.example/');
    await sheet.getByRole('button', { name: 'Add Link' }).click();
    await sheet.waitFor({ state: 'detached', timeout: 20_000 });
    await card(section(page, 'Recently Saved Links'), 'From the sheet').waitFor({ timeout: 20_000 });
    // Where toasts land after the sheet closes (with a move toast still showing) is checked in
    // phone-toasts.test.ts.
    await context.close();
  });
});

describe('new user: finish', () => {
  it('hiding the name hides the avatar initials; platform names are capitalised; cards have no dead space; 404 title', async () => {
    const { page, context, user } = await openDashboard(browser);
    await seedLinks(user, [{ title: 'Epsilon', url: 'https://epsilon.example/' }]);
    await page.reload();
    await waitForGrid(page);
    const avatar = page.getByTestId('banner-avatar');
    expect(await avatar.innerText()).toBe('DB');
    await page.getByRole('button', { name: 'Hide name' }).click();
    await expect.poll(() => avatar.innerText(), { timeout: 20_000 }).toBe('');
    expect(await avatar.locator('svg').count()).toBe(1);

    // No empty band under the stats line while the card is not hovered.
    await page.mouse.move(0, 0);
    const epsilon = card(section(page, 'Recently Saved Links'), 'Epsilon');
    const gap = await epsilon.evaluate((el) => el.getBoundingClientRect().bottom - el.querySelector('dl')!.getBoundingClientRect().bottom);
    expect(gap).toBeLessThanOrEqual(16);
    // Primary buttons: white text.
    expect(await page.getByRole('button', { name: 'Add Category' }).evaluate((el) => getComputedStyle(el).color)).toBe(
      'rgb(255, 255, 255)',
    );

    await epsilon.getByRole('button', { name: 'Actions for Epsilon' }).click();
    await page.getByRole('menuitem', { name: 'Share Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Link: Epsilon' });
    await dialog.getByLabel('Share Method').selectOption('social');
    expect(await dialog.getByLabel('Social Platform').locator('option').allInnerTexts()).toEqual([
      'Select a platform',
      'Instagram',
      'X (Twitter)',
      'Facebook',
      'Snapchat',
      'TikTok',
      'YouTube',
    ]);
    await page.keyboard.press('Escape');

    await page.goto('/no/such/page');
    await expect.poll(() => page.title()).toMatch(/not found/i);
    await context.close();
  });
});

describe('new user: extension popup', () => {
  it('a sign-in error toast goes after a successful sign-in; Accept works without choosing a folder; the badge counts as the dashboard does', async () => {
    const sender = await createConfirmedUser({ firstName: 'Pat', lastName: 'Popup' });
    const receiver = await createConfirmedUser({ firstName: 'Quinn', lastName: 'Popup' });
    const username = await setUsername(receiver);
    await shareTo(sender, 'Popup Share One', username);
    await shareTo(sender, 'Popup Share Two', username);

    const ext = await launchWithExtension(inject('extension').chrome);
    try {
      const popup = await openPopup(ext);
      await popup.getByLabel('Email').fill(receiver.email);
      await popup.getByLabel('Password', { exact: true }).fill('Wrong-password-1!');
      await popup.getByRole('button', { name: 'Sign In' }).click();
      await popup.getByText('Invalid credentials').waitFor({ timeout: 20_000 });
      await popup.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await popup.getByRole('button', { name: 'Sign In' }).click();
      await popup.getByRole('form', { name: 'Save this page' }).waitFor({ timeout: 20_000 });
      await eventually(
        async () => (await popup.locator('[data-sonner-toast]', { hasText: 'Invalid credentials' }).count()) === 0,
        10_000,
        'the error toast to go',
      );

      // The badge and the popup count the same pending links as the dashboard (one rule).
      await popup.getByTestId('incoming-count').waitFor({ timeout: 20_000 });
      expect(await popup.getByTestId('incoming-count').textContent()).toBe('2');
      await eventually(async () => (await badgeText(ext)) === '2', 40_000, 'badge to show 2');

      const row = popup.getByRole('listitem').filter({ hasText: 'Popup Share One' });
      expect(await row.getByRole('combobox').locator('option:checked').textContent()).toBe('Recently Saved Links');
      await row.getByRole('button', { name: 'Accept' }).click();
      await popup.getByText('Link accepted and added to your collection!').waitFor({ timeout: 20_000 });
      expect(await popup.getByText('Please choose a destination folder').count()).toBe(0);
      await eventually(async () => (await badgeText(ext)) === '1', 20_000, 'badge to show 1');
      await popup.close();
    } finally {
      await ext.close();
    }
  });
});

describe('new user: password rules in the form', () => {
  it('sign-up shows the rules as the user types and a strength meter', async () => {
    const context = await browser.newContext({
      baseURL: (await import('./web-browser.ts')).webUrl(),
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('Password', { exact: true }).fill('abc');
    const rules = form.getByTestId('password-rules');
    await rules.waitFor();
    await expect.poll(() => rules.locator('li[data-met]').count()).toBe(1);
    expect(await rules.locator('li[data-met]').innerText()).toContain('A lowercase letter');
    await form.getByLabel('Password', { exact: true }).fill('Sturdy-Passw0rd!');
    await expect.poll(() => rules.locator('li:not([data-met])').count()).toBe(0);
    await expect.poll(() => form.getByTestId('password-strength').getAttribute('data-score'), { timeout: 20_000 }).toMatch(/^[34]$/);
    await context.close();
  });
});

describe('new user: outgoing shares', () => {
  it('shows per link who it went to, how and when, with the count', async () => {
    const friend = await createConfirmedUser({ firstName: 'Fran', lastName: 'Friend' });
    const friendName = await setUsername(friend);
    const { page, context, user } = await openDashboard(browser);
    const [linkId] = await seedLinks(user, [{ title: 'Zeta', url: 'https://zeta.example/' }]);
    for (const shareData of [{ recipient_username: friendName }, { recipient_email: 'someone@example.test' }]) {
      const res = await callFunction('share-link', {
        token: user.accessToken,
        body: { shareData: { sender_id: user.user.id, link_id: linkId, ...shareData } },
      });
      expect(res.status).toBe(200);
    }
    await page.reload();
    await waitForGrid(page);
    const outgoing = page.getByTestId('outgoing-subsection');
    const item = outgoing.getByTestId('outgoing-item').filter({ has: page.getByRole('article', { name: 'Zeta' }) });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.getByTestId('outgoing-recipient-count').innerText()).toBe('Shared with 2 recipients');
    const lines = await item.getByTestId('outgoing-recipient').allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^someone@example\.test\s*· E-mail · \w{3} \d{1,2}, \d{4} · Pending$/);
    expect(lines[1]).toMatch(new RegExp(`^@${friendName}\\s*· Username · `));
    expect(await outgoing.getByTestId('count-badge').first().innerText()).toBe('1');
    await context.close();
  });
});

describe('new user: a second npm start reuses the builds', () => {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-twice-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });

  async function start(env: NodeJS.ProcessEnv): Promise<string> {
    const proc = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`not ready within 280 s:\n${text}`)), 280_000);
      const onData = (d: Buffer) => {
        text += d.toString();
        if (text.includes('Press Ctrl-C to stop.')) {
          clearTimeout(timer);
          resolve(text);
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', onData);
      proc.once('exit', (code) => reject(new Error(`exited with ${code}:\n${text}`)));
    });
    // The served app answers (the reused build included) before Ctrl-C.
    const web = /Web app:\s+(http:\/\/\S+)/.exec(out)?.[1];
    expect(web).toBeTruthy();
    expect((await fetch(`${web}/auth`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    proc.kill('SIGINT');
    expect(await exited).toBe(0);
    return out;
  }

  /** The build products `npm start` checks, with when each was last written. */
  const products = () =>
    ['web/index.html', 'ext/chrome-mv3/manifest.json', 'ext/firefox-mv3/manifest.json'].map((file) => ({
      file,
      mtimeMs: fs.statSync(path.join(tmp, file)).mtimeMs,
    }));

  it('reuses the web and extension builds when nothing changed, and says so', async () => {
    const [stackPort, webPort, smtpPort, mailPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const env = {
      ...process.env,
      TEST_STACK: '',
      STACK_PORT: String(stackPort),
      WEB_PORT: String(webPort),
      MAIL_SMTP_PORT: String(smtpPort),
      MAIL_WEB_PORT: String(mailPort),
      STACK_DATA_DIR: path.join(tmp, 'data'),
      WEB_OUT_DIR: path.join(tmp, 'web'),
      WXT_OUT_DIR: path.join(tmp, 'ext'),
      STACK_LOG: 'silent',
    };
    const first = await start(env);
    expect(first).toContain('Web app: rebuilt (no previous build).');
    expect(first).toContain('Extensions: rebuilt (no previous build).');
    const built = products();
    // What makes the second start quick is that it builds nothing: checked as such, not timed (a
    // duration on a shared machine could fail for reasons that have nothing to do with the reuse).
    const second = await start(env);
    expect(second).toContain('Web app: reused the previous build (inputs unchanged).');
    expect(second).toContain('Extensions: reused the previous builds (inputs unchanged).');
    expect(second).not.toContain('Building the web app...');
    expect(second).not.toContain('Building the extension for Chrome and Firefox...');
    expect(products()).toEqual(built);
  }, 600_000);
});
