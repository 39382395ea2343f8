import { randomUUID } from 'node:crypto';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfirmedUser,
  extractLink,
  latestMail,
  serviceClient,
  STRONG_PASSWORD,
  uniqueEmail,
  type ConfirmedUser,
} from '../setup/clients.ts';
import { card, createCategory, seedLinks, systemFolderId, useSessionOf } from './dashboard-helpers.ts';
import { expectToast, launchChromium, newContext } from './web-browser.ts';

/**
 * Messages and counts tell the truth: counts follow a search, 'Move to folder' names what happens
 * and where, template cards count as their pages do, a refresh that updates nothing says why, a
 * reused confirmation link says so, APPROVED links have no Approve, and a toast never covers the
 * button it is about.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

async function signedIn(user: ConfirmedUser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, { theme: 'dark' });
  await useSessionOf(context, user);
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

async function waitForFolder(page: Page) {
  await page.getByTestId('folder-header').waitFor({ timeout: WAIT });
  await page.locator('[data-testid="folder-links"], [data-testid="folder-empty"]').first().waitFor({ timeout: WAIT });
}

describe('messages and counts tell the truth', () => {
  it('header counts follow a search, on the dashboard and in a folder', async () => {
    const user = await createConfirmedUser({ firstName: 'Count', lastName: 'Er' });
    const folder = await createCategory(user.client, user.user.id, 'Counted');
    await seedLinks(
      user,
      [
        { title: 'Alpha Docs', url: 'https://alpha.example/' },
        { title: 'Beta Blog', url: 'https://beta.example/' },
        { title: 'Gamma Guide', url: 'https://gamma.example/' },
      ],
      { folderId: folder },
    );
    const page = await signedIn(user);
    await page.goto('/dashboard');
    const total = page.getByTestId('links-total');
    await expect.poll(() => total.innerText(), { timeout: WAIT }).toMatch(/^3 links in /);
    const unfiltered = await total.innerText();
    await page.getByTestId('links-search').fill('beta');
    await expect.poll(() => total.innerText(), { timeout: WAIT }).toBe('1 of 3 links');
    await page.getByTestId('links-search').fill('');
    await expect.poll(() => total.innerText()).toBe(unfiltered);

    await page.goto(`/category/${folder}`);
    await waitForFolder(page);
    const count = page.getByTestId('folder-count');
    expect(await count.innerText()).toBe('3 links');
    // 'g': Beta Blog and Gamma Guide (titles), not Alpha Docs.
    await page.getByTestId('folder-search').fill('g');
    await expect.poll(() => count.innerText(), { timeout: WAIT }).toBe('2 of 3 links');
    await page.getByTestId('folder-search').fill('');
    await expect.poll(() => count.innerText()).toBe('3 links');
    await page.context().close();
  });

  it("'Move to folder' names the move and the destination's path; same-name subfolders are told apart", async () => {
    const user = await createConfirmedUser({ firstName: 'Mo', lastName: 'Ver' });
    const work = await createCategory(user.client, user.user.id, 'Work');
    const home = await createCategory(user.client, user.user.id, 'Home');
    const subs = await user.client
      .from('categories')
      .insert([
        { user_id: user.user.id, name: 'Reading', parent_category_id: work },
        { user_id: user.user.id, name: 'Reading', parent_category_id: home },
      ])
      .select('id,parent_category_id');
    expect(subs.error).toBeNull();
    const homeReading = subs.data!.find((s) => s.parent_category_id === home)!.id;
    await seedLinks(user, [{ title: 'Mover', url: 'https://mover.example/' }], { folderId: work });

    const page = await signedIn(user);
    await page.goto(`/category/${work}`);
    await waitForFolder(page);
    await card(page, 'Mover').getByRole('button', { name: 'Actions for Mover' }).click();
    expect(await page.getByRole('menuitem', { name: 'Copy to folder' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Move to folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to folder' });
    await dialog
      .getByLabel('Destination folder')
      .locator('option', { hasText: 'Home › Reading' })
      .waitFor({ state: 'attached', timeout: WAIT });
    const options = await dialog
      .getByLabel('Destination folder')
      .locator('option')
      .evaluateAll((nodes) => nodes.map((o) => (o.textContent ?? '').replace(/\u00a0/g, ' ').trim()));
    expect(options).toContain('↳ Work › Reading');
    expect(options).toContain('↳ Home › Reading');
    await dialog.getByLabel('Destination folder').selectOption({ value: homeReading });
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, 'Link moved to Home › Reading', WAIT);
    const { data } = await user.client.from('links').select('second_category_id').eq('url', 'https://mover.example/');
    expect(data).toEqual([{ second_category_id: homeReading }]);
    await page.context().close();
  });

  it('links in APPROVED show no Approve button; links in REJECTED do', async () => {
    const user = await createConfirmedUser({ firstName: 'Ap', lastName: 'Prover' });
    const approved = await systemFolderId(user, 'approved');
    const rejected = await systemFolderId(user, 'rejected');
    const saved = await systemFolderId(user, 'saved');
    const { error } = await user.client.from('links').insert([
      {
        user_id: user.user.id,
        title: 'Already Approved',
        url: 'https://approved.example/',
        category_id: saved,
        second_category_id: approved,
      },
      { user_id: user.user.id, title: 'Was Rejected', url: 'https://rejected.example/', category_id: rejected },
    ]);
    expect(error).toBeNull();
    const page = await signedIn(user);
    await page.goto(`/category/${approved}`);
    await waitForFolder(page);
    await card(page, 'Already Approved').waitFor();
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await page.goto(`/category/${rejected}`);
    await waitForFolder(page);
    await card(page, 'Was Rejected').getByRole('button', { name: 'Approve', exact: true }).waitFor();
    await page.context().close();
  });

  it("a template card's count is its page's count, and says what its subfolders add", async () => {
    const name = `E2E Honest ${randomUUID().slice(0, 6)}`;
    const service = serviceClient();
    const top = await service
      .from('categories')
      .insert({ user_id: null, name, is_template: true, display_order: -100 })
      .select('id')
      .single();
    expect(top.error).toBeNull();
    const sub = await service
      .from('categories')
      .insert({ user_id: null, name: `${name} Sub`, is_template: true, parent_category_id: top.data!.id })
      .select('id')
      .single();
    expect(sub.error).toBeNull();
    const row = (category: string, n: number) => ({
      title: `Honest ${n}`,
      url: `https://honest-${n}.example/`,
      user_id: null,
      is_template: true,
      category_id: category,
    });
    expect((await service.from('links').insert([row(top.data!.id, 1), row(top.data!.id, 2), row(sub.data!.id, 3)])).error).toBeNull();
    try {
      const user = await createConfirmedUser({ firstName: 'Tem', lastName: 'Plate' });
      const page = await signedIn(user);
      await page.goto('/dashboard');
      const templateCard = page.locator(`[data-testid="template-folder"][data-template-name="${name}"]`);
      await templateCard.waitFor({ timeout: WAIT });
      expect(await templateCard.getByTestId('template-count').innerText()).toBe('2 links · 1 more in subfolders');
      await templateCard.getByRole('link').first().click();
      await waitForFolder(page);
      expect(await page.getByTestId('folder-count').innerText()).toMatch(/^2 links · /);
      await page.context().close();
    } finally {
      await service.from('categories').delete().eq('id', top.data!.id);
    }
  });

  it("'Refresh previews' that updates nothing says why", async () => {
    const user = await createConfirmedUser({ firstName: 'Re', lastName: 'Fresh' });
    const folder = await createCategory(user.client, user.user.id, 'Unreachable');
    // Nothing listens on these ports: the server cannot reach the sites.
    await seedLinks(
      user,
      [
        { title: 'Gone One', url: 'http://127.0.0.1:9/one' },
        { title: 'Gone Two', url: 'http://127.0.0.1:9/two' },
      ],
      { folderId: folder },
    );
    const page = await signedIn(user);
    await page.goto(`/category/${folder}`);
    await waitForFolder(page);
    await page.getByTestId('refresh-previews-folder').click();
    await expectToast(page, 'No previews updated', 60_000);
    await expectToast(page, '0 of 2 links updated in this folder. 2 sites could not be reached.');
    await page.context().close();
  });

  it('a sign-up confirmation link opened twice says it was already used', async () => {
    const email = uniqueEmail('twice');
    const context = await newContext(browser, { theme: 'dark' });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByLabel('First Name').fill('Twice');
    await form.getByLabel('Last Name').fill('Clicked');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account created!');
    const link = extractLink((await latestMail(email, { subject: 'Confirm your signup' })).text);
    await page.goto(link);
    await page.getByTestId('header-banner').waitFor({ timeout: WAIT });

    const again = await (await newContext(browser, { theme: 'dark' })).newPage();
    await again.goto(link);
    await expectToast(again, 'Confirmation link already used', WAIT);
    await expectToast(again, 'This confirmation link was already used or has expired. If your account is confirmed, sign in.');
    expect(await again.locator('[data-sonner-toast]').allInnerTexts()).not.toContain(
      expect.stringContaining('The password reset link has expired'),
    );
    await expect.poll(() => again.evaluate(() => window.location.pathname + window.location.search + window.location.hash)).toBe('/auth');
    await context.close();
    await again.context().close();
  });

  it('the error toast never covers the button it is about', async () => {
    const ann = await createConfirmedUser({ firstName: 'Ann', lastName: 'Toast' });
    const bob = await createConfirmedUser({ firstName: 'Bob', lastName: 'Toast' });
    const ids = await seedLinks(
      ann,
      [1, 2, 3].map((n) => ({ title: `Toast ${n}`, url: `https://toast-${n}.example/` })),
    );
    const { error } = await ann.client
      .from('shared_links')
      .insert(ids.map((link_id) => ({ link_id, sender_id: ann.user.id, recipient_email: bob.email })));
    expect(error).toBeNull();

    const page = await signedIn(bob, { width: 1280, height: 720 });
    await page.goto('/dashboard');
    const cards = page.getByTestId('incoming-subsection').getByTestId('incoming-preview-card');
    await expect.poll(() => cards.count(), { timeout: WAIT }).toBe(3);
    // A decision button under the bottom-centre toast's place (356 px wide), scrolled to just above the
    // bottom of the window: where a bottom toast would cover it.
    // Of the previews' Accept and Reject buttons, the one nearest the window's centre line.
    const candidates = [0, 1, 2].flatMap((i) => (['Accept', 'Reject'] as const).map((name) => ({ i, name })));
    const centred = await Promise.all(
      candidates.map(async (c) => {
        const box = (await cards.nth(c.i).getByRole('button', { name: c.name }).boundingBox())!;
        return { ...c, distance: Math.abs(box.x + box.width / 2 - 640), box };
      }),
    );
    const chosen = centred.sort((a, b) => a.distance - b.distance)[0];
    expect(chosen.box.x < 640 + 178 && chosen.box.x + chosen.box.width > 640 - 178).toBe(true);
    const action = chosen.name;
    const target = cards.nth(chosen.i).getByRole('button', { name: action });
    await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.evaluate(() => window.scrollBy(0, 40));
    const button = (await target.boundingBox())!;
    expect(button.y + button.height).toBeGreaterThan(720 - 100);

    const rpc = action === 'Accept' ? '**/rest/v1/rpc/accept_incoming_share' : '**/rest/v1/rpc/reject_incoming_share';
    // The decision's request fails once (no network): the error toast about that button.
    await page.route(rpc, (route: Route) => route.abort('failed'), { times: 1 });
    await target.click();
    const toast = page
      .locator('[data-sonner-toast]', { hasText: action === 'Accept' ? 'Failed to accept link.' : 'Failed to reject link.' })
      .first();
    await toast.waitFor({ state: 'visible', timeout: WAIT });
    // Where the toast comes to rest (it slides in).
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await toast.boundingBox());
          const settled = now === last;
          last = now;
          return settled;
        },
        { timeout: WAIT, interval: 100 },
      )
      .toBe(true);
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < button.x + button.width && box.x + box.width > button.x && box.y < button.y + button.height && box.y + box.height > button.y;
    expect(overlaps).toBe(false);
    await page.context().close();
  });
});
