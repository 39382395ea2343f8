import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, type ConfirmedUser } from '../setup/clients.ts';
import { createCategory, seedLinks, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * Shared folders with two accounts: the owner invites by username as editor, the member accepts on
 * the dashboard and adds a link the owner sees; as viewer the member cannot edit; removed, the
 * folder is gone for them; invited again by e-mail, they accept and leave. Then: the folder in the
 * member's folder tree, an editor's move within the shared tree (by keyboard), a member's open
 * counted for the owner, and no move for a viewer (screenshots at 1280 and 390 px).
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
    expect(await member.getByRole('button', { name: /^(Edit|Delete|Move) / }).count()).toBe(0);
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

  it('the tree lists the shared folder; an editor moves a link within it by keyboard; opens count for the owner; a viewer cannot move', async () => {
    const olga = await createConfirmedUser({ firstName: 'Olga', lastName: 'Owner' });
    const fred = await createConfirmedUser({ firstName: 'Fred', lastName: 'Member' });
    const fredName = `fred${randomUUID().slice(0, 8)}`;
    await setUsername(olga, `olga${randomUUID().slice(0, 8)}`);
    await setUsername(fred, fredName);
    const folderName = `Team Reads ${randomUUID().slice(0, 4)}`;
    const subName = 'Deep dives';
    const folderId = await createCategory(olga.client, olga.user.id, folderName);
    const sub = await olga.client
      .from('categories')
      .insert({ user_id: olga.user.id, name: subName, parent_category_id: folderId })
      .select('id')
      .single();
    expect(sub.error).toBeNull();
    const subId = (sub.data as { id: string }).id;
    const privateFolder = await createCategory(olga.client, olga.user.id, `Private ${randomUUID().slice(0, 4)}`);
    // Saved the way Olga's own saves are filed: 'Recently Saved Links' plus the folder.
    const [savedPick, ownerPick] = await seedLinks(
      olga,
      [
        { title: 'Saved pick', url: 'https://saved-pick.example/' },
        { title: 'Owner pick', url: 'https://owner-pick.example/' },
      ],
      { folderId },
    );
    expect(
      (await olga.client.rpc('invite_folder_member', { p_folder_id: folderId, p_recipient: fredName, p_role: 'editor' })).error,
    ).toBeNull();
    const { data: invites } = await fred.client.rpc('list_folder_invitations');
    const invite = (invites ?? []).find((i) => i.folder_name === folderName);
    expect((await fred.client.rpc('respond_folder_invitation', { p_invitation_id: invite?.id ?? '', p_accept: true })).error).toBeNull();

    // ── Fred's folder tree (Manage Categories) has a 'Shared with me' group with Olga's name. ──
    const member = await signedIn(fred, 'dark');
    await member.goto('/dashboard');
    const group = member.getByTestId('tree-shared-with-me');
    const treeRow = group.getByTestId('tree-shared-folder').filter({ hasText: folderName });
    await treeRow.waitFor({ timeout: WAIT });
    expect(await group.getByRole('heading', { name: 'Shared with me' }).count()).toBe(1);
    expect(await treeRow.textContent()).toContain('Olga Owner · Editor');
    await treeRow.scrollIntoViewIfNeeded();
    await member.screenshot({ path: '/tmp/shared-tree-1280.png' });
    // By keyboard: the row is a link.
    await treeRow.focus();
    await member.keyboard.press('Enter');
    await member.waitForURL(`**/category/${folderId}`);

    // ── Fred moves 'Saved pick' into the subfolder, by keyboard. ──
    const card = (title: string) => member.getByTestId('shared-link').filter({ hasText: title });
    await card('Saved pick').waitFor({ timeout: WAIT });
    await card('Owner pick').waitFor({ timeout: WAIT });
    await member.getByRole('button', { name: 'Move Saved pick to folder' }).focus();
    await member.keyboard.press('Enter');
    const dialog = member.getByRole('dialog', { name: 'Move to folder' });
    await dialog.waitFor({ timeout: WAIT });
    const select = dialog.getByLabel('Destination folder');
    await select.locator(`option[value="${subId}"]`).waitFor({ state: 'attached', timeout: WAIT });
    // Only the shared tree is offered, and the folder the link is in cannot be chosen.
    const values = await select
      .locator('option')
      .evaluateAll((options) =>
        options.map((o) => ({ value: (o as HTMLOptionElement).value, disabled: (o as HTMLOptionElement).disabled })),
      );
    expect(values).toEqual([
      { value: '', disabled: false },
      { value: folderId, disabled: true },
      { value: subId, disabled: false },
    ]);
    expect(values.some((v) => v.value === privateFolder)).toBe(false);
    await select.focus();
    await select.selectOption(subId);
    await member.screenshot({ path: '/tmp/shared-move-1280.png' });
    await dialog.getByRole('button', { name: 'Move', exact: true }).focus();
    await member.keyboard.press('Enter');
    await expectToast(member, `Link moved to ${folderName} › ${subName}`, WAIT);
    await card('Saved pick').waitFor({ state: 'detached', timeout: WAIT });
    const moved = await olga.client.from('links').select('user_id,category_id,second_category_id').eq('id', savedPick).single();
    expect(moved.data).toMatchObject({ user_id: olga.user.id, second_category_id: subId });

    // ── The database refuses a move out of the tree, whatever the client sends. ──
    const out = await fred.client.rpc('move_shared_folder_link', {
      p_link_id: ownerPick,
      p_from_folder_id: folderId,
      p_to_folder_id: privateFolder,
    });
    expect(out.error?.code).toBe('42501');

    // ── Fred opens Olga's link: it counts in Olga's stats. ──
    const before = await olga.client.from('links').select('access_count').eq('id', ownerPick).single();
    expect(before.data).toEqual({ access_count: 0 });
    const popup = member.context().waitForEvent('page');
    await card('Owner pick').getByRole('link', { name: 'Owner pick' }).click();
    await (await popup).close();
    await expect
      .poll(async () => (await olga.client.from('links').select('access_count').eq('id', ownerPick).single()).data?.access_count, {
        timeout: WAIT,
      })
      .toBe(1);

    // ── At 390 px (light): the subfolder with the moved link, the move dialog, and the tree. ──
    expect((await fred.client.from('user_appearance_settings').update({ theme: 'light' }).eq('user_id', fred.user.id)).error).toBeNull();
    const phone = await signedIn(fred, 'light', true);
    await phone.goto(`/category/${subId}`);
    await phone.getByTestId('shared-link').filter({ hasText: 'Saved pick' }).waitFor({ timeout: WAIT });
    await phone.screenshot({ path: '/tmp/shared-folder-390.png', fullPage: true });
    await phone.getByRole('button', { name: 'Move Saved pick to folder' }).click();
    const phoneDialog = phone.getByRole('dialog', { name: 'Move to folder' });
    await phoneDialog.locator(`option[value="${folderId}"]`).waitFor({ state: 'attached', timeout: WAIT });
    await phone.screenshot({ path: '/tmp/shared-move-390.png' });
    await phone.keyboard.press('Escape');
    await phoneDialog.waitFor({ state: 'detached', timeout: WAIT });
    await phone.goto('/dashboard');
    const phoneRow = phone.getByTestId('tree-shared-folder').filter({ hasText: folderName });
    await phoneRow.waitFor({ timeout: WAIT });
    await phoneRow.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: '/tmp/shared-tree-390.png' });

    // ── As a viewer Fred opens links but has no move (nor any edit control). ──
    const { data: members } = await olga.client.rpc('list_folder_members', { p_folder_id: folderId });
    const fredRow = (members ?? []).find((m) => m.username === fredName);
    expect((await olga.client.rpc('set_folder_member_role', { p_member_id: fredRow?.id ?? '', p_role: 'viewer' })).error).toBeNull();
    await member.reload();
    await member.getByTestId('shared-folder-owner').filter({ hasText: 'You can view' }).waitFor({ timeout: WAIT });
    await card('Owner pick').waitFor({ timeout: WAIT });
    expect(await member.getByRole('button', { name: /^(Edit|Delete|Move) / }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Move to folder' }).count()).toBe(0);
    const viewerMove = await fred.client.rpc('move_shared_folder_link', {
      p_link_id: ownerPick,
      p_from_folder_id: folderId,
      p_to_folder_id: subId,
    });
    expect(viewerMove.error?.code).toBe('PT404');
    const still = await olga.client.from('links').select('category_id,second_category_id').eq('id', ownerPick).single();
    expect(still.data?.second_category_id).toBe(folderId);
    await member.context().close();
    await phone.context().close();
  });
});
