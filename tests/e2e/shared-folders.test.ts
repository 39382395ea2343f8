import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * Shared folders with two accounts: the owner invites by username as editor, the member accepts on
 * the dashboard and adds a link the owner sees; as viewer the member cannot edit; removed, the
 * folder is gone for them; invited again by e-mail, they accept and leave.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 30_000;

async function signedIn(user: ConfirmedUser, theme: 'dark' | 'light', phone = false): Promise<Page> {
  const context = await newContext(browser, { theme, phone });
  await useSessionOf(context, user);
  return context.newPage();
}

async function setUsername(user: ConfirmedUser, username: string) {
  const { error } = await user.client.from('profiles').update({ username }).eq('user_id', user.user.id);
  expect(error).toBeNull();
}

async function openShareDialog(page: Page, folderId: string, name: string) {
  await page.goto(`/category/${folderId}`);
  await page.getByRole('button', { name: 'Share Folder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share Folder: ${name}` });
  await dialog.waitFor({ timeout: WAIT });
  return dialog;
}

describe('shared folders', () => {
  it('invite, accept, editor adds a link, viewer cannot edit, role change, remove, e-mail invite and leave', async () => {
    const olga = await createConfirmedUser({ firstName: 'Olga', lastName: 'Owner' });
    const fred = await createConfirmedUser({ firstName: 'Fred', lastName: 'Member' });
    const fredName = `fred${randomUUID().slice(0, 8)}`;
    await setUsername(olga, `olga${randomUUID().slice(0, 8)}`);
    await setUsername(fred, fredName);
    const folderName = `Team Reads ${randomUUID().slice(0, 4)}`;
    const folderId = await createCategory(olga.client, olga.user.id, folderName);
    const seeded = await olga.client
      .from('links')
      .insert({ user_id: olga.user.id, category_id: folderId, title: 'Owner pick', url: 'https://owner-pick.example/' });
    expect(seeded.error).toBeNull();

    // ── Olga invites @fred as editor from Share Folder (a bad address is refused with a message). ──
    const owner = await signedIn(olga, 'dark');
    let dialog = await openShareDialog(owner, folderId, folderName);
    const recipient = dialog.getByTestId('folder-invite-recipient');
    await recipient.fill('not an address@');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Enter a valid e-mail address.' }).waitFor({ timeout: WAIT });
    await recipient.fill(`@${fredName}`);
    await dialog.getByTestId('folder-invite-role').selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expectToast(owner, 'Invitation sent', WAIT);
    const fredRow = dialog.getByTestId('folder-member').filter({ hasText: `@${fredName}` });
    await fredRow.getByText('Invitation pending').waitFor({ timeout: WAIT });

    // ── Fred accepts on the dashboard; the folder is under 'Shared with me' with Olga's name. ──
    const member = await signedIn(fred, 'light');
    await member.goto('/dashboard');
    const invitation = member.getByTestId('folder-invitation').filter({ hasText: folderName });
    await invitation.waitFor({ timeout: WAIT });
    expect(await invitation.textContent()).toContain('Olga Owner');
    await invitation.getByRole('button', { name: `Accept invitation to ${folderName}` }).click();
    await expectToast(member, 'Invitation accepted', WAIT);
    const sharedCard = member.getByTestId('shared-folder').filter({ hasText: folderName });
    await sharedCard.waitFor({ timeout: WAIT });
    expect(await sharedCard.textContent()).toContain('Olga Owner · Editor');

    // ── As editor Fred opens it at its usual address and adds a link. ──
    await sharedCard.click();
    await member.waitForURL(`**/category/${folderId}`);
    const ownerLine = member.getByTestId('shared-folder-owner');
    await ownerLine.filter({ hasText: 'You can edit' }).waitFor({ timeout: WAIT });
    expect(await ownerLine.textContent()).toContain('Shared by Olga Owner');
    await member.getByTestId('shared-link').filter({ hasText: 'Owner pick' }).waitFor({ timeout: WAIT });
    await member.getByLabel('URL', { exact: true }).fill('https://from-fred.example/');
    await member.getByLabel('Title', { exact: true }).fill('Fred found this');
    await member.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(member, 'Link added', WAIT);
    await member.getByTestId('shared-link').filter({ hasText: 'Fred found this' }).waitFor({ timeout: WAIT });

    // The link is Olga's: in her library and on her folder page.
    const { data: olgaLinks } = await olga.client.from('links').select('user_id').eq('url', 'https://from-fred.example/');
    expect(olgaLinks).toEqual([{ user_id: olga.user.id }]);
    await owner.goto(`/category/${folderId}`);
    await owner.getByText('Fred found this').first().waitFor({ timeout: WAIT });

    // ── Olga makes Fred a viewer: no edit controls, and the database refuses an edit. ──
    dialog = await openShareDialog(owner, folderId, folderName);
    const row = dialog.getByTestId('folder-member').filter({ hasText: `@${fredName}` });
    await row.getByText('Member', { exact: true }).waitFor({ timeout: WAIT });
    await row.getByTestId('folder-member-role').selectOption('viewer');
    await expectToast(owner, 'Role changed', WAIT);
    await member.reload();
    await ownerLine.filter({ hasText: 'You can view' }).waitFor({ timeout: WAIT });
    await member.getByTestId('shared-link').filter({ hasText: 'Fred found this' }).waitFor({ timeout: WAIT });
    expect(await member.getByRole('button', { name: 'Add Link' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    const refused = await fred.client.from('links').update({ title: 'Hijacked' }).eq('url', 'https://owner-pick.example/').select('id');
    expect(refused.data).toEqual([]);

    // ── Olga removes Fred: the folder is gone for him at once. ──
    await row.getByRole('button', { name: `Remove @${fredName}` }).click();
    await expectToast(owner, 'Member removed', WAIT);
    await dialog.getByText('Only you have access to this folder.').waitFor({ timeout: WAIT });
    await member.reload();
    await member.getByTestId('folder-not-found').waitFor({ timeout: WAIT });
    const gone = await fred.client.from('links').select('id').eq('category_id', folderId);
    expect(gone.data).toEqual([]);

    // ── Invited again by e-mail (as viewer), Fred accepts and then leaves. ──
    // (Another folder shared with Fred stays listed when he leaves this one.)
    const shelfName = `Other shelf ${randomUUID().slice(0, 4)}`;
    const shelf = await createCategory(olga.client, olga.user.id, shelfName);
    expect(
      (await olga.client.rpc('invite_folder_member', { p_folder_id: shelf, p_recipient: fredName, p_role: 'viewer' })).error,
    ).toBeNull();
    const { data: shelfInvites } = await fred.client.rpc('list_folder_invitations');
    const shelfInvite = (shelfInvites ?? []).find((i) => i.folder_name === shelfName);
    expect(
      (await fred.client.rpc('respond_folder_invitation', { p_invitation_id: shelfInvite?.id ?? '', p_accept: true })).error,
    ).toBeNull();
    await recipient.fill(fred.email.toUpperCase());
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await expectToast(owner, 'Invitation sent', WAIT);
    await dialog.getByTestId('folder-member').filter({ hasText: fred.email }).waitFor({ timeout: WAIT });
    await member.goto('/dashboard');
    await invitation.getByRole('button', { name: `Accept invitation to ${folderName}` }).click();
    await expectToast(member, 'Invitation accepted', WAIT);
    await sharedCard.click();
    await ownerLine.filter({ hasText: 'You can view' }).waitFor({ timeout: WAIT });
    member.once('dialog', (d) => void d.accept());
    await member.getByRole('button', { name: 'Leave folder' }).click();
    await expectToast(member, 'You left the folder', WAIT);
    await member.waitForURL('**/dashboard');
    const { data: after } = await fred.client.rpc('list_shared_folders');
    expect((after ?? []).map((f) => f.name)).toEqual([shelfName]);
    // The dashboard lists the folder Fred still shares, and not the one he left.
    await member.getByTestId('shared-folder').filter({ hasText: shelfName }).waitFor({ timeout: WAIT });
    expect(await member.getByTestId('shared-folder').filter({ hasText: folderName }).count()).toBe(0);
    await owner.context().close();
    await member.context().close();
  });
});
