import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LINKS_PER_CALL } from '../../shared/constants.ts';
import { createConfirmedUser, serviceClient, type ConfirmedUser } from '../setup/clients.ts';
import { openDashboard, useSessionOf } from './dashboard-helpers.ts';
import { launchChromium, newContext } from './web-browser.ts';

// Import from a bookmarks file and export the collection, through the UI against the stack.

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Collection {
  folders: string[];
  links: Array<{ title: string; url: string; description: string | null; folder: string; created: string }>;
}

/** A user's folders (as paths) and links (with the path of the folder they show under), read as the service role. */
async function collectionOf(userId: string): Promise<Collection> {
  const db = serviceClient();
  const { data: folders, error: e1 } = await db
    .from('categories')
    .select('id,name,parent_category_id')
    .eq('user_id', userId)
    .range(0, 9999)
    .overrideTypes<Array<{ id: string; name: string; parent_category_id: string | null }>, { merge: false }>();
  if (e1) throw e1;
  const byId = new Map((folders ?? []).map((f) => [f.id, f]));
  const pathOf = (id: string | null): string => {
    const parts: string[] = [];
    for (let f = id ? byId.get(id) : undefined; f; f = f.parent_category_id ? byId.get(f.parent_category_id) : undefined)
      parts.unshift(f.name);
    return parts.join(' > ');
  };
  const links: Collection['links'] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await db
      .from('links')
      .select('title,url,description,category_id,second_category_id,created_at')
      .eq('user_id', userId)
      .order('url')
      .range(from, from + 999)
      .overrideTypes<
        Array<{
          title: string;
          url: string;
          description: string | null;
          category_id: string;
          second_category_id: string | null;
          created_at: string;
        }>,
        { merge: false }
      >();
    if (error) throw error;
    for (const l of data ?? []) {
      links.push({
        title: l.title,
        url: l.url,
        description: l.description,
        folder: pathOf(l.second_category_id ?? l.category_id),
        created: new Date(l.created_at).toISOString().slice(0, 19),
      });
    }
    if ((data ?? []).length < 1000) break;
  }
  return { folders: (folders ?? []).map((f) => pathOf(f.id)).sort(), links: links.sort((a, b) => a.url.localeCompare(b.url)) };
}

const SAMPLE = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000">Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="https://react.dev/" ADD_DATE="1600000000" ICON="data:image/png;base64,AAAA">React &amp; friends</A>
        <DD>The library
        <DT><H3>Work</H3>
        <DL><p>
            <DT><A HREF="https://developer.mozilla.org/" ADD_DATE="1650000000">MDN</A>
            <DT><A HREF="https://REACT.dev/#hooks">React again (duplicate in the file)</A>
            <DT><A HREF="javascript:alert(1)">Bookmarklet</A>
        </DL><p>
        <DT><H3>Empty</H3>
        <DL><p>
        </DL><p>
    </DL><p>
    <DT><A HREF="https://already.example/">Already saved (duplicate of an existing link)</A>
    <DT><A HREF="example.org/no-scheme">No scheme</A>
    <DT><A HREF="place:sort=8">Firefox smart folder</A>
</DL><p>`;

async function openImportPage(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Import & export' }).click();
  await page.waitForURL(/\/settings\/data$/);
  await page.getByRole('heading', { name: 'Import & export' }).waitFor();
}

async function importFile(page: Page, name: string, contents: string | Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({
    name,
    mimeType: name.endsWith('.json') ? 'application/json' : 'text/html',
    buffer: Buffer.isBuffer(contents) ? contents : Buffer.from(contents),
  });
}

async function summaryOf(page: Page) {
  const summary = page.getByTestId('import-summary');
  await summary.waitFor({ timeout: 60_000 });
  return {
    heading: await summary.getByRole('heading').innerText(),
    imported: await page.getByTestId('summary-imported').innerText(),
    duplicates: await page.getByTestId('summary-duplicates').innerText(),
    invalid: await page.getByTestId('summary-invalid').innerText(),
  };
}

async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const where = await file.path();
  return fs.readFileSync(where, 'utf8');
}

describe('import and export', () => {
  it('imports folders, skips duplicates and invalid entries (listed, downloadable); a re-import adds nothing', async () => {
    const user = await createConfirmedUser({ firstName: 'Ivy', lastName: 'Import' });
    const { error } = await user.client.rpc('save_link', { link_title: 'Already', link_url: 'https://already.example' });
    expect(error).toBeNull();
    const { context, page } = await openDashboard(browser, { user, theme: 'light' });
    await openImportPage(page);

    await importFile(page, 'bookmarks.html', SAMPLE);
    const first = await summaryOf(page);
    expect(first).toEqual({
      heading: 'Import complete',
      imported: '3 links imported into 3 folders: 2 new, 1 existing',
      duplicates: '2 duplicates skipped',
      invalid: '2 invalid entries',
    });
    const invalidList = await page.getByTestId('invalid-list').innerText();
    expect(invalidList).toContain('Bookmarklet');
    expect(invalidList).toContain('Unsupported scheme "javascript:"');
    expect(invalidList).toContain('Unsupported scheme "place:"');
    const csv = await download(page, () => page.getByRole('button', { name: 'Download invalid entries (CSV)' }).click());
    expect(csv.split('\r\n')[0]).toBe('title,url,folder,reason');
    expect(csv).toContain(
      'Bookmarklet,javascript:alert(1),Bookmarks bar/Work,"Unsupported scheme ""javascript:"" (only http and https links are kept)"',
    );

    const after = await collectionOf(user.user.id);
    expect(after.folders).toEqual(expect.arrayContaining(['Bookmarks bar', 'Bookmarks bar > Work', 'Bookmarks bar > Empty']));
    expect(after.links.map((l) => [l.url, l.title, l.folder, l.description])).toEqual([
      ['https://already.example', 'Already', 'Recently Saved Links', null],
      ['https://developer.mozilla.org/', 'MDN', 'Bookmarks bar > Work', null],
      ['https://example.org/no-scheme', 'No scheme', 'Recently Saved Links', null],
      ['https://react.dev/', 'React & friends', 'Bookmarks bar', 'The library'],
    ]);
    expect(after.links.find((l) => l.url === 'https://react.dev/')?.created).toBe('2020-09-13T12:26:40');

    // The same file again: nothing new.
    await page.getByRole('button', { name: 'Import another file' }).click();
    await importFile(page, 'bookmarks.html', SAMPLE);
    const second = await summaryOf(page);
    expect(second.imported).toBe('0 links imported into 0 folders');
    expect(second.duplicates).toBe('5 duplicates skipped');
    expect((await collectionOf(user.user.id)).links).toHaveLength(4);

    // The dashboard shows the imported links right away.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.getByText('React & friends').first().waitFor({ timeout: 20_000 });
    await context.close();

    // Phone width.
    const phone = await newContext(browser, { phone: true, theme: 'dark' });
    await useSessionOf(phone, user);
    const phonePage = await phone.newPage();
    await phonePage.goto('/dashboard');
    await phonePage.getByRole('heading', { name: 'Your Links' }).waitFor();
    await phonePage.goto('/settings/data');
    await phonePage.getByRole('heading', { name: 'Import & export' }).waitFor();
    await importFile(phonePage, 'bookmarks.html', SAMPLE);
    await summaryOf(phonePage);
    await phone.close();
  });

  it('Cancel stops between batches and says what was imported; importing again resumes', async () => {
    const user = await createConfirmedUser({ firstName: 'Cal', lastName: 'Cancel' });
    const lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<DL><p>', '<DT><H3>Bulk</H3>', '<DL><p>'];
    for (let i = 0; i < 2500; i++) lines.push(`<DT><A HREF="https://bulk.example/item/${i}" ADD_DATE="1700000000">Item ${i}</A>`);
    lines.push('</DL><p>', '</DL><p>');
    const file = lines.join('\n');

    const { context, page } = await openDashboard(browser, { user });
    await openImportPage(page);
    // Hold the first links batch in the network until Cancel has been pressed (the stack itself is real).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route('**/rest/v1/rpc/import_links', async (route) => {
      held++;
      if (held === 1) await released;
      await route.continue();
    });
    await importFile(page, 'bulk.html', file);
    await page.getByTestId('import-progress-label').filter({ hasText: 'Importing links: 0 of 2,500' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => held, { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    release();
    const cancelled = await summaryOf(page);
    expect(cancelled.heading).toBe('Import cancelled');
    // One batch (IMPORT_LINKS_PER_CALL links) had gone; the rest was not sent.
    expect(cancelled.imported).toBe(`${IMPORT_LINKS_PER_CALL} links imported into 1 folder: 1 new, 0 existing`);
    await page.getByText(`You cancelled with ${(2500 - IMPORT_LINKS_PER_CALL).toLocaleString('en-US')} links not yet imported.`).waitFor();
    expect(held).toBe(1);
    expect((await collectionOf(user.user.id)).links).toHaveLength(IMPORT_LINKS_PER_CALL);

    await page.unroute('**/rest/v1/rpc/import_links');
    await page.getByRole('button', { name: 'Import another file' }).click();
    await importFile(page, 'bulk.html', file);
    const resumed = await summaryOf(page);
    expect(resumed.heading).toBe('Import complete');
    expect(resumed.imported).toBe(
      `${(2500 - IMPORT_LINKS_PER_CALL).toLocaleString('en-US')} links imported into 1 folder: 0 new, 1 existing`,
    );
    expect(resumed.duplicates).toBe(`${IMPORT_LINKS_PER_CALL} duplicates skipped`);
    const all = await collectionOf(user.user.id);
    expect(all.links).toHaveLength(2500);
    expect(new Set(all.links.map((l) => l.folder))).toEqual(new Set(['Bulk']));
    await context.close();
  });

  it('export → import into an empty account reproduces the collection (JSON and HTML)', async () => {
    const source = await createConfirmedUser({ firstName: 'Rita', lastName: 'Roundtrip' });
    await source.client.rpc('save_link', {
      link_title: 'Saved here',
      link_url: 'https://saved.example/page?q=1',
      link_description: 'Line one\nline "two", with comma',
    });
    const { context, page } = await openDashboard(browser, { user: source });
    await openImportPage(page);
    await importFile(page, 'bookmarks.html', SAMPLE);
    await summaryOf(page);
    const original = await collectionOf(source.user.id);
    expect(original.links).toHaveLength(5);

    const json = await download(page, () => page.getByRole('button', { name: 'Export JSON' }).click());
    await page.getByTestId('export-status').filter({ hasText: 'Exported 5 links' }).waitFor();
    const html = await download(page, () => page.getByRole('button', { name: 'Export HTML' }).click());
    const csv = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect((JSON.parse(json) as { counts: { links: unknown } }).counts.links).toBe(5);
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
    expect(csv.split('\r\n')[0]).toBe('title,url,description,folder,created,updated,access_count,share_count,tags');
    await context.close();

    const check = async (user: ConfirmedUser, name: string, contents: string) => {
      const { context: c, page: p } = await openDashboard(browser, { user });
      await openImportPage(p);
      await importFile(p, name, contents);
      const summary = await summaryOf(p);
      expect(summary.heading).toBe('Import complete');
      expect(summary.invalid).toBe('0 invalid entries');
      await c.close();
      return collectionOf(user.user.id);
    };
    const viaJson = await check(await createConfirmedUser({ firstName: 'Jay' }), 'export.json', json);
    expect(viaJson).toEqual(original);
    const viaHtml = await check(await createConfirmedUser({ firstName: 'Hal' }), 'export.html', html);
    expect(viaHtml).toEqual(original);
  });
});
