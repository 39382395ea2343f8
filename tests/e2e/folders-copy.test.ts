/**
 * The third outcome of 'Copy to folder' in the browser: 'Link copied' (a URL new to
 * the account is inserted). A user's own links always find their own URL (so they are moved, see
 * folders.test.ts); a link someone shared with you is the one a copy inserts. The inbox offers
 * 'Copy to folder' on each pending share, which stays pending.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { card, createCategory, seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

async function openFolder(user: ConfirmedUser, folderId: string): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark' });
  await useSessionOf(context, user);
  const page = await context.newPage();
  await page.goto(`/category/${folderId}`);
  await page.getByTestId('folder-header').waitFor({ timeout: WAIT });
  return page;
}

describe('copy to folder: Link copied', () => {
  it('copies a link shared with you into a folder of yours; the share stays pending; copying again asks to replace', async () => {
    const a = await createConfirmedUser({ firstName: 'Ada', lastName: 'Sender' });
    const b = await createConfirmedUser({ firstName: 'Bo', lastName: 'Keeper' });
    const keepers = await createCategory(b.client, b.user.id, 'Keepers');
    const [linkId] = await seedLinks(a, [{ title: 'Shared Gem', url: 'https://shared-gem.example/' }]);
    expect(
      (await a.client.from('shared_links').insert({ link_id: linkId, sender_id: a.user.id, recipient_email: b.email })).error,
    ).toBeNull();
    const { data: incoming } = await b.client.from('categories').select('id').eq('system_key', 'incoming').single();

    const page = await openFolder(b, incoming!.id);
    const row = page.getByTestId('incoming-shares').getByRole('listitem').filter({ hasText: 'Shared Gem' });
    await row.waitFor({ timeout: WAIT });
    await row.getByRole('button', { name: 'Copy to folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy to folder' });
    await dialog.waitFor();
    await dialog.getByLabel('Destination folder').selectOption({ label: 'Keepers' });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Link copied', WAIT);
    await dialog.waitFor({ state: 'detached', timeout: WAIT });

    // Inserted as B's own link in Keepers; A's link untouched; the share is still pending.
    const { data: mine } = await b.client
      .from('links')
      .select('id,user_id,second_category_id')
      .eq('url', 'https://shared-gem.example/')
      .eq('user_id', b.user.id);
    expect(mine).toHaveLength(1);
    expect(mine![0]).toMatchObject({ user_id: b.user.id, second_category_id: keepers });
    expect(mine![0].id).not.toBe(linkId);
    const { data: original } = await a.client.from('links').select('user_id').eq('id', linkId).single();
    expect(original!.user_id).toBe(a.user.id);
    expect((await b.client.rpc('pending_incoming_count')).data).toBe(1);
    await row.waitFor();

    // The same again: now the URL is in Keepers, so it asks 'Replace existing link?'.
    await row.getByRole('button', { name: 'Copy to folder' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Destination folder').selectOption({ label: 'Keepers' });
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Replace existing link?').waitFor({ timeout: WAIT });
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The copy shows in Keepers.
    await page.goto(`/category/${keepers}`);
    await card(page.getByTestId('folder-links'), 'Shared Gem').waitFor({ timeout: WAIT });
    await page.context().close();
  });
});
