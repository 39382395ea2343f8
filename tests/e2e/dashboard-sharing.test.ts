import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, latestMail, serviceClient } from '../setup/clients.ts';
import { card, openDashboard, openedUrls, section, seedLinks, waitForGrid } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function sharesOf(senderId: string) {
  const { data, error } = await serviceClient().from('shared_links').select('*').eq('sender_id', senderId).order('shared_at');
  if (error) throw error;
  return data as Array<Record<string, string | null>>;
}

describe('dashboard: sharing', () => {
  it('A shares to B by username and by e-mail; B sees Incoming with NEW, A sees Outgoing with shares 1', async () => {
    const bob = await createConfirmedUser({ firstName: 'Bob', lastName: 'Receiver' });
    const bobName = `bob_${randomUUID().slice(0, 8)}`;
    const { error } = await bob.client.from('profiles').update({ username: bobName }).eq('user_id', bob.user.id);
    expect(error).toBeNull();

    const a = await openDashboard(browser, { recordOpens: true });
    await seedLinks(a.user, [
      { title: 'Great Read', url: 'https://great.example/read' },
      { title: 'Second Link', url: 'https://second.example' },
    ]);
    await a.page.reload();
    await waitForGrid(a.page);
    const saved = section(a.page, 'Recently Saved Links');

    // Open the dialog from the card's menu.
    await card(saved, 'Great Read').getByRole('button', { name: 'Actions for Great Read' }).click();
    await a.page.getByRole('menuitem', { name: 'Share Link' }).click();
    let dialog = a.page.getByRole('dialog', { name: 'Share Link: Great Read' });
    await dialog.waitFor();

    // Validation: recipient required; username 3-30; social needs a platform.
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await dialog.getByText('Recipient is required').waitFor();
    await dialog.getByLabel('Username', { exact: true }).fill('ab');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await dialog.getByText('Social platform is required when sharing via social media, username must be 3-30 characters').waitFor();
    await dialog.getByLabel('Share Method').selectOption('social');
    expect(await dialog.getByLabel('Social Platform').isVisible()).toBe(true);
    expect(await dialog.getByLabel('Social Platform').locator('option').allInnerTexts()).toEqual([
      'Select a platform',
      'Instagram',
      'X (Twitter)',
      'Facebook',
      'Snapchat',
      'TikTok',
      'YouTube',
    ]);
    await dialog.getByLabel('Social Media Handle').fill('someone');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await dialog.getByText('Social platform is required when sharing via social media, username must be 3-30 characters').waitFor();
    await dialog.getByLabel('Share Method').selectOption('username');
    expect(await dialog.getByLabel('Social Platform').count()).toBe(0);

    // Username with suggestions (@username and the name).
    await dialog.getByLabel('Username', { exact: true }).fill(bobName.slice(0, 6));
    const option = a.page.getByRole('option', { name: new RegExp(`@${bobName}`) });
    await option.waitFor();
    expect(await option.innerText()).toContain('Bob Receiver');
    // The list is a popover beside the field, whole inside the window, on a desktop and a phone (a bottom sheet).
    const initialSize = a.page.viewportSize();
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await a.page.setViewportSize(size);
      await expect
        .poll(async () => {
          const field = await dialog.getByLabel('Username', { exact: true }).boundingBox();
          const list = await a.page.getByRole('listbox', { name: 'Username suggestions' }).boundingBox();
          if (!field || !list) return 'missing';
          const beside = list.y >= field.y + field.height || list.y + list.height <= field.y;
          const inside = list.x >= 0 && list.y >= 0 && list.x + list.width <= size.width && list.y + list.height <= size.height;
          return beside && inside ? 'ok' : JSON.stringify({ field, list });
        })
        .toBe('ok');
    }
    if (initialSize) await a.page.setViewportSize(initialSize);
    await option.click();
    await dialog.getByLabel('Add message').fill('You will like this');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(a.page, `"Great Read" was shared with @${bobName}.`);
    await dialog.waitFor({ state: 'detached' });

    // The same recipient again: the spec's duplicate message.
    await card(saved, 'Great Read').getByRole('button', { name: 'Actions for Great Read' }).click();
    await a.page.getByRole('menuitem', { name: 'Share Link' }).click();
    dialog = a.page.getByRole('dialog', { name: 'Share Link: Great Read' });
    await dialog.getByLabel('Username', { exact: true }).fill(bobName);
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(a.page, 'This link has already been shared with this recipient.');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // By e-mail (second link): recorded and mailed.
    await card(saved, 'Second Link').getByRole('button', { name: 'Actions for Second Link' }).click();
    await a.page.getByRole('menuitem', { name: 'Share Link' }).click();
    dialog = a.page.getByRole('dialog', { name: 'Share Link: Second Link' });
    await dialog.getByLabel('Share Method').selectOption('email');
    await dialog.getByLabel('Email Address').fill(bob.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(a.page, `"Second Link" was shared with ${bob.email.toUpperCase()}.`);
    const mail = await latestMail(bob.email);
    expect(mail.text).toContain('https://second.example');

    const shares = await sharesOf(a.user.user.id);
    expect(shares.map((s) => [s.recipient_username, s.recipient_email, s.message])).toEqual([
      [bobName, null, 'You will like this'],
      [null, bob.email, 'Your friend on LinkVault shared this with you!'],
    ]);

    // A's Outgoing shows both links, each with Shares 1.
    const outgoing = a.page.getByTestId('outgoing-subsection');
    await expect.poll(() => outgoing.getByTestId('count-badge').first().innerText()).toBe('2');
    await expect.poll(() => card(outgoing, 'Great Read').innerText()).toMatch(/Shares\s*1/);
    expect(await a.page.locator('#outgoing-category').count()).toBe(1);

    // B: both under Incoming, with the NEW graffiti; the incoming folder pulses in Manage Categories.
    const b = await openDashboard(browser, { user: bob });
    const incoming = b.page.locator('#incoming-category');
    await incoming.getByRole('article', { name: 'Great Read' }).waitFor();
    await incoming.getByRole('article', { name: 'Second Link' }).waitFor();
    expect(await incoming.getByTestId('count-badge').innerText()).toBe('2');
    const newBadge = incoming.getByTestId('incoming-new-badge');
    await expect.poll(() => newBadge.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await incoming.getByRole('article', { name: 'Great Read' }).innerText()).toContain('From Dana Board');
    const incomingRow = b.page.locator('[data-testid="category-row"][data-category-name="Recently Received Links (Incoming)"]');
    expect(await incomingRow.getAttribute('data-pulsing')).toBe('true');
    await b.context.close();
    await a.context.close();
  });

  it('phone opens the SMS composer and social the platform page; both are recorded as outgoing shares', async () => {
    const a = await openDashboard(browser, { recordOpens: true });
    await seedLinks(a.user, [{ title: 'Tune', url: 'https://tune.example/x' }]);
    await a.page.reload();
    await waitForGrid(a.page);
    const tune = card(section(a.page, 'Recently Saved Links'), 'Tune');

    await tune.getByRole('button', { name: 'Actions for Tune' }).click();
    await a.page.getByRole('menuitem', { name: 'Share Link' }).click();
    let dialog = a.page.getByRole('dialog', { name: 'Share Link: Tune' });
    await dialog.getByLabel('Share Method').selectOption('phone');
    await dialog.getByLabel('Phone Number').fill('+1 (555) 010-2030');
    await dialog.getByLabel('Add message').fill('Listen');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(a.page, '"Tune" was shared with +1 (555) 010-2030.');
    expect((await openedUrls(a.page)).at(-1)).toEqual({
      url: `sms:+15550102030?&body=${encodeURIComponent('Listen https://tune.example/x')}`,
      target: '_self',
    });

    await tune.getByRole('button', { name: 'Actions for Tune' }).click();
    await a.page.getByRole('menuitem', { name: 'Share Link' }).click();
    dialog = a.page.getByRole('dialog', { name: 'Share Link: Tune' });
    await dialog.getByLabel('Share Method').selectOption('social');
    await dialog.getByLabel('Social Platform').selectOption('twitter');
    await dialog.getByLabel('Social Media Handle').fill('@friend');
    await dialog.getByRole('button', { name: 'Share Link' }).click();
    await expectToast(a.page, '"Tune" was shared with @friend on X (Twitter).');
    const opened = (await openedUrls(a.page)).at(-1)!;
    expect(opened.target).toBe('_blank');
    expect(opened.url).toBe(
      `https://twitter.com/intent/tweet?text=${encodeURIComponent('Your friend on LinkVault shared this with you! https://tune.example/x')}`,
    );

    const shares = await sharesOf(a.user.user.id);
    expect(shares.map((s) => [s.recipient_phone, s.social_platform, s.social_handle])).toEqual([
      ['+1 (555) 010-2030', null, null],
      [null, 'twitter', '@friend'],
    ]);
    await expect.poll(() => card(a.page.getByTestId('outgoing-subsection'), 'Tune').innerText()).toMatch(/Shares\s*2/);
    await a.context.close();
  });
});
