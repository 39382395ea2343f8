import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '../setup/clients.ts';
import { card, openDashboard, seedLinks } from './dashboard-helpers.ts';
import { expectToast, launchChromium } from './web-browser.ts';

/**
 * Finding and organising links: tags and a note in the link form, the search box with the grammar
 * and the server search (?q= in the address), its filter chips, and the Tags page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = 20_000;

async function tagsOf(linkTitle: string, userId: string): Promise<string[]> {
  const db = serviceClient();
  const { data: link } = await db.from('links').select('id').eq('user_id', userId).eq('title', linkTitle).single();
  const { data, error } = await db.from('link_tags').select('tags(name)').eq('link_id', link!.id);
  if (error) throw error;
  return (data as unknown as Array<{ tags: { name: string } }>).map((r) => r.tags.name).sort();
}

const results = (page: Page) => page.getByTestId('search-results');
/** The server answered the current search (not the instant local results). */
async function searchDone(page: Page) {
  await expect.poll(() => results(page).getAttribute('data-state'), { timeout: WAIT }).toBe('done');
}
async function resultTitles(page: Page): Promise<string[]> {
  await searchDone(page);
  return results(page).locator('article h3').allInnerTexts();
}

describe('search and tags', () => {
  it('adds a link with two tags and a note; searches by word, note and tag:; chips remove filters; ?q= survives reload', async () => {
    const { context, page, user } = await openDashboard(browser);
    await seedLinks(user, [
      { title: 'Gardening basics', url: 'https://garden.example/' },
      { title: 'Compost at home', url: 'https://compost.example/' },
    ]);

    const editor = page.getByTestId('link-editor');
    await editor.getByLabel('Title').fill('React hooks guide');
    await editor.getByLabel('URL').fill('https://hooks.example/guide');
    const tagField = editor.getByRole('combobox', { name: 'Tags (optional)' });
    await tagField.fill('frontend');
    await tagField.press('Enter');
    // A comma adds the tag too; a bad name says why and stays typed.
    await tagField.fill('learning,');
    await tagField.fill('say "hi"');
    await tagField.press('Enter');
    await editor.getByText('A tag cannot contain commas or double quotes.').waitFor();
    await tagField.fill('');
    expect(await editor.getByTestId('tag-input-chip').locator('span').allInnerTexts()).toEqual(['frontend', 'learning']);
    await editor.getByLabel('Note (optional, only you see it)').fill('Recommended by Priya at the meetup');
    await editor.getByRole('button', { name: 'Add Link' }).click();
    await expectToast(page, 'Link added');
    await expect.poll(() => tagsOf('React hooks guide', user.user.id), { timeout: WAIT }).toEqual(['frontend', 'learning']);

    // The card shows its tags.
    const hooksCard = card(page.getByTestId('links-grid'), 'React hooks guide');
    await expect.poll(() => hooksCard.getByTestId('card-tags').innerText(), { timeout: WAIT }).toContain('#frontend');

    // A word (as a prefix): the server's results, and ?q= in the address.
    const box = page.getByTestId('links-search');
    await box.fill('hook');
    await page.waitForURL(/[?&]q=hook(&|$)/, { timeout: WAIT });
    expect(await resultTitles(page)).toEqual(['React hooks guide']);

    // The note is searched too (the list itself has no notes: this is the server's answer).
    await box.fill('priya');
    await page.waitForURL(/[?&]q=priya/, { timeout: WAIT });
    await expect.poll(() => resultTitles(page), { timeout: WAIT }).toEqual(['React hooks guide']);

    // Nothing matches: said plainly, with a way out.
    await box.fill('zzqxv');
    await results(page).getByText('No links match "zzqxv".').waitFor({ timeout: WAIT });
    await results(page).getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => box.inputValue()).toBe('');
    await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);

    // A tag chip on a card searches tag:name; the filter shows as a chip.
    await hooksCard.getByRole('button', { name: 'Show links tagged learning' }).click();
    await expect.poll(() => box.inputValue()).toBe('tag:learning');
    await expect.poll(() => resultTitles(page), { timeout: WAIT }).toEqual(['React hooks guide']);

    // tag: with a word; the chip removes the filter (keyboard), leaving the word.
    await box.fill('compost tag:frontend');
    await page.waitForURL(/q=compost/, { timeout: WAIT });
    await searchDone(page);
    await results(page).getByTestId('search-empty').waitFor();
    const chip = page.getByRole('button', { name: 'Remove filter tag:frontend' });
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('compost');
    await expect.poll(() => resultTitles(page), { timeout: WAIT }).toEqual(['Compost at home']);
    expect(await page.getByTestId('search-chip').count()).toBe(0);

    // ?q= survives a reload, and back returns to the previous search.
    await box.fill('tag:frontend');
    await page.waitForURL(/q=tag%3Afrontend|q=tag:frontend/, { timeout: WAIT });
    await page.reload();
    await expect.poll(() => box.inputValue(), { timeout: WAIT }).toBe('tag:frontend');
    expect(await resultTitles(page)).toEqual(['React hooks guide']);
    expect(await page.getByTestId('search-chip').locator('span:not([aria-hidden])').allInnerTexts()).toEqual(['tag:frontend']);

    // A link to a search works in a fresh page.
    const direct = await context.newPage();
    await direct.goto('/dashboard?q=garden');
    await expect.poll(() => resultTitles(direct), { timeout: WAIT }).toEqual(['Gardening basics']);
    await direct.close();

    // Editing shows the saved tags and note.
    await box.fill('');
    await hooksCard.getByRole('button', { name: 'Actions for React hooks guide' }).click();
    await page.getByRole('menuitem', { name: 'Edit Link' }).click();
    await expect
      .poll(() => editor.getByLabel('Note (optional, only you see it)').inputValue(), { timeout: WAIT })
      .toBe('Recommended by Priya at the meetup');
    expect(await editor.getByTestId('tag-input-chip').count()).toBe(2);
    await context.close();
  });

  it('Tags page: counts, rename (a taken name suggests merging), merge, delete', async () => {
    const { context, page, user } = await openDashboard(browser);
    const [a, b, c] = await seedLinks(user, [
      { title: 'Alpha', url: 'https://alpha.example/' },
      { title: 'Beta', url: 'https://beta.example/' },
      { title: 'Gamma', url: 'https://gamma.example/' },
    ]);
    const set = async (linkId: string, names: string[]) => {
      const { error } = await user.client.rpc('set_link_tags', { link_id: linkId, tag_names: names });
      if (error) throw error;
    };
    await set(a, ['js', 'web']);
    await set(b, ['javascript']);
    await set(c, ['javascript', 'old']);

    // Reachable from the dashboard.
    await page.getByRole('link', { name: 'Tags', exact: true }).click();
    await page.waitForURL(/\/tags$/);
    const row = (name: string) => page.locator(`[data-testid="tag-row"][data-tag="${name}"]`);
    await row('javascript').waitFor({ timeout: WAIT });
    expect(await row('javascript').innerText()).toContain('2 links');
    expect(await row('js').innerText()).toContain('1 link');

    // Rename to a taken name: a message suggesting merge.
    await page.getByRole('button', { name: 'Rename js' }).click();
    const field = page.getByRole('textbox', { name: 'New name for js' });
    await field.fill('JavaScript');
    await field.press('Enter');
    await page.getByText('A tag named "javascript" already exists. Merge "js" into it instead?').waitFor({ timeout: WAIT });

    // A plain rename.
    await field.fill('ecmascript');
    await field.press('Enter');
    await expectToast(page, 'Tag renamed');
    await row('ecmascript').waitFor({ timeout: WAIT });
    expect(await tagsOf('Alpha', user.user.id)).toEqual(['ecmascript', 'web']);

    // Merge ecmascript into javascript.
    await page.getByRole('checkbox', { name: 'Select ecmascript' }).check();
    await page.getByRole('checkbox', { name: 'Select javascript' }).check();
    await page.getByRole('button', { name: 'Merge…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge tags' });
    await dialog.getByRole('radio', { name: /#javascript/ }).check();
    await dialog.getByRole('button', { name: 'Merge into #javascript' }).click();
    await expectToast(page, 'Tags merged');
    await row('ecmascript').waitFor({ state: 'detached', timeout: WAIT });
    await expect.poll(() => row('javascript').innerText(), { timeout: WAIT }).toContain('3 links');
    expect(await tagsOf('Alpha', user.user.id)).toEqual(['javascript', 'web']);

    // Delete asks first; the links stay.
    await page.getByRole('button', { name: 'Delete old' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete tag' });
    await confirm.getByText('Delete "old"? It comes off 1 link; the links themselves stay.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await row('old').waitFor({ state: 'detached', timeout: WAIT });
    expect(await tagsOf('Gamma', user.user.id)).toEqual(['javascript']);
    const { count } = await serviceClient().from('links').select('id', { count: 'exact', head: true }).eq('user_id', user.user.id);
    expect(count).toBe(3);

    // A tag's name opens the dashboard's search for it.
    await row('web').getByRole('link', { name: '#web' }).click();
    await page.waitForURL(/\/dashboard\?q=tag%3Aweb/);
    await expect.poll(() => resultTitles(page), { timeout: WAIT }).toEqual(['Alpha']);
    await context.close();
  });
});
