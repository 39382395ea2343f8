import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * The dashboard's 'Recently Received Links (Incoming)' and 'Recently Shared Links (Outgoing)' are
 * places: /category/incoming-category (every pending share, Accept into a folder or Reject, also
 * from the dashboard's previews) and /category/outgoing-category (every share sent, to whom, when,
 * its status, with search).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

async function signedIn(user: ConfirmedUser, phone = false): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark', phone });
  await useSessionOf(context, user);
  return context.newPage();
}

async function setUsername(user: ConfirmedUser, username: string) {
  const { error } = await user.client.from('profiles').update({ username }).eq('user_id', user.user.id);
  expect(error).toBeNull();
}

describe('incoming and outgoing pages', () => {
  it('Incoming: opens from the dashboard, accepts and rejects from the previews and the page; the sender sees every share with its status', async () => {
    const ann = await createConfirmedUser({ firstName: 'Ann', lastName: 'Sender' });
    const bob = await createConfirmedUser({ firstName: 'Bob', lastName: 'Receiver' });
    const bobName = `bob${randomUUID().slice(0, 8)}`;
    await setUsername(bob, bobName);
    const keepers = await createCategory(bob.client, bob.user.id, 'Keepers');
    const titles = ['Share One', 'Share Two', 'Share Three', 'Share Four', 'Share Five'];
    const ids = await seedLinks(
      ann,
      titles.map((title, i) => ({ title, url: `https://shares-${i + 1}.example/` })),
    );
    // One by e-mail, two by username to Bob; two to e-mail addresses nobody has (they stay pending).
    const { error } = await ann.client.from('shared_links').insert([
      { link_id: ids[0], sender_id: ann.user.id, recipient_email: bob.email },
      { link_id: ids[1], sender_id: ann.user.id, recipient_username: bobName },
      { link_id: ids[2], sender_id: ann.user.id, recipient_username: bobName, message: 'By name' },
      { link_id: ids[3], sender_id: ann.user.id, recipient_email: `nobody-${randomUUID().slice(0, 6)}@example.test` },
      { link_id: ids[4], sender_id: ann.user.id, recipient_email: `nobody-${randomUUID().slice(0, 6)}@example.test` },
    ]);
    expect(error).toBeNull();

    // ── Bob: the dashboard's Incoming previews accept and reject. ──
    const page = await signedIn(bob);
    await page.goto('/dashboard');
    const incoming = page.getByTestId('incoming-subsection');
    const preview = (title: string) => incoming.getByTestId('incoming-preview-card').filter({ hasText: title });
    await preview('Share One').waitFor({ timeout: WAIT });
    expect(await incoming.getByTestId('incoming-preview-card').count()).toBe(3);
    // Accept into the preselected 'Recently Saved Links'.
    await preview('Share One').getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, 'Link accepted and added to your collection!', WAIT);
    await preview('Share One').waitFor({ state: 'detached', timeout: WAIT });
    await preview('Share Two').getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Link rejected', WAIT);
    await preview('Share Two').waitFor({ state: 'detached', timeout: WAIT });
    const { data: accepted } = await bob.client
      .from('links')
      .select('title')
      .eq('user_id', bob.user.id)
      .eq('url', 'https://shares-1.example/');
    expect(accepted).toEqual([{ title: 'Share One' }]);

    // ── The sub-section header opens the Incoming page at its own address. ──
    await incoming.getByTitle('Open Recently Received Links (Incoming)').click();
    await page.waitForURL('**/category/incoming-category');
    await page.getByRole('heading', { level: 1, name: 'Recently Received Links (Incoming)' }).waitFor({ timeout: WAIT });
    const inbox = page.getByTestId('incoming-shares');
    const row = inbox.getByRole('listitem').filter({ hasText: 'Share Three' });
    await row.waitFor({ timeout: WAIT });
    expect(await inbox.getByRole('listitem').count()).toBe(1);
    // Shared by username: the sender's name, never their e-mail address.
    await row.getByText('From Ann Sender').waitFor();
    expect(await row.innerText()).not.toContain(ann.email);
    await row.getByRole('combobox').selectOption({ label: 'Keepers' });
    await row.getByRole('button', { name: 'Accept' }).click();
    await expectToast(page, 'Link accepted and added to your collection!', WAIT);
    await inbox.getByText('No incoming links.').waitFor({ timeout: WAIT });
    const { data: kept } = await bob.client
      .from('links')
      .select('category_id')
      .eq('user_id', bob.user.id)
      .eq('url', 'https://shares-3.example/')
      .single();
    expect(kept?.category_id).toBe(keepers);

    // Reload at its address alone (a pasted URL) on a phone.
    const phone = await signedIn(bob, true);
    await phone.goto('/category/incoming-category');
    await phone.getByRole('heading', { level: 1, name: 'Recently Received Links (Incoming)' }).waitFor({ timeout: WAIT });
    await phone.getByTestId('incoming-shares').waitFor();

    // ── Ann: the Outgoing page lists all five shares (not 3), whom, how, when and the status. ──
    const sender = await signedIn(ann);
    await sender.goto('/dashboard');
    const outgoingSection = sender.getByTestId('outgoing-subsection');
    await outgoingSection.getByTestId('outgoing-item').first().waitFor({ timeout: WAIT });
    await outgoingSection.getByTitle('Open Recently Shared Links (Outgoing)').click();
    await sender.waitForURL('**/category/outgoing-category');
    await sender.getByRole('heading', { level: 1, name: 'Recently Shared Links (Outgoing)' }).waitFor({ timeout: WAIT });
    const rows = sender.getByTestId('outgoing-share');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(5);
    expect(await sender.getByTestId('folder-count').innerText()).toBe('5 shares');
    const statusOf = async (title: string) => rows.filter({ hasText: title }).getByTestId('outgoing-share-status').innerText();
    expect(await statusOf('Share One')).toBe('Accepted');
    expect(await statusOf('Share Two')).toBe('Rejected');
    expect(await statusOf('Share Three')).toBe('Accepted');
    expect(await statusOf('Share Four')).toBe('Pending');
    expect(await rows.filter({ hasText: 'Share Two' }).getByTestId('outgoing-share-recipient').innerText()).toBe(`@${bobName}`);
    expect(await rows.filter({ hasText: 'Share One' }).getByTestId('outgoing-share-recipient').innerText()).toBe(bob.email);

    // Search: by status word, by title, by recipient; the count says how many of all.
    const search = sender.getByTestId('outgoing-search');
    await search.fill('rejected');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(1);
    expect(await sender.getByTestId('folder-count').innerText()).toBe('1 of 5 shares');
    await search.fill(bobName);
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(2);
    await search.fill('nothing like this');
    await sender.getByText('No shared links match your search.').waitFor();
    await search.fill('');
    await expect.poll(() => rows.count(), { timeout: WAIT }).toBe(5);

    const senderPhone = await signedIn(ann, true);
    await senderPhone.goto('/category/outgoing-category');
    await senderPhone.getByTestId('outgoing-share').first().waitFor({ timeout: WAIT });
    // Nothing is wider than the phone's screen.
    expect(await senderPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    for (const p of [page, phone, sender, senderPhone]) await p.context().close();
  });
});
