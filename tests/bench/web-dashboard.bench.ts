// Dashboard and folder view at scale: one account with 10,000 links in 50 folders, driven by Debian's chromium.
// Usage: npx tsx tests/bench/web-dashboard.bench.ts   (npm run bench:dashboard)   [BENCH_LINKS=10000 BENCH_FOLDERS=50]
// Builds the web app against a fresh local stack, seeds the account, opens /dashboard and prints:
//   first load (navigation → all links shown, <= 600 ms), grid render from data (budget <= 300 ms),
//   search per keystroke p95 (<= 16 ms), link cards in the DOM at the top and at the bottom of the
//   page (bounded), and the JS heap after GC (<= 150 MB); then the same for the folder view
//   on the 10,000-link folder and on an ordinary one (first load <= 300 ms: navigation → the count
//   and the first screen of links; then when the whole list is in, without a budget).
//   First, a machine line: a fixed piece of work in a blank page, before and after (slow phases of
//   these machines move every figure; compare runs only with a similar machine line).
//   First loads are the median of BENCH_FIRST_LOADS (default 5) loads each, every one printed: a
//   single load moves by ±50 ms from one run to the next on these machines. The dashboard's are cold
//   (each in a new browser context: nothing cached); a folder's are pages of their own in the
//   dashboard's context, the app's files cached, as when a person opens a folder's URL.
// Exits 1 when a budget is missed.
import '../setup/node-websocket.ts'; // supabase-js needs a WebSocket class on Node 20
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';
import { createSeededAccount } from './seeded-account.ts';
import { machineReference } from './machine-reference.ts';

const LINKS = Number(process.env.BENCH_LINKS ?? 10_000);
const FOLDERS = Number(process.env.BENCH_FOLDERS ?? 50);
const BUDGET = { renderMs: 300, keystrokeP95Ms: 16, heapMb: 150, cards: 80, firstLoadMs: 600, folderFirstLoadMs: 300 };
const AUTH_STORAGE_KEY = 'linkvault-auth';
const SEARCHES = ['link 7', 'example-12', 'folder', 'zzz-no-match'];
const FIRST_LOADS = Math.max(1, Number(process.env.BENCH_FIRST_LOADS ?? 5));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Types each query one key at a time and collects the grid's own keystroke → committed-grid measures. */
async function searchTimings(page: Page): Promise<number[]> {
  const box = page.getByTestId('links-search');
  const timings: number[] = [];
  for (const query of SEARCHES) {
    await page.evaluate(() => performance.clearMeasures('lv:grid-search-update'));
    await box.fill('');
    await box.focus();
    for (const char of query) {
      await page.keyboard.type(char);
      await page.waitForFunction(
        (q) => document.querySelector('[data-testid="links-grid"]')?.getAttribute('data-query') === q,
        await box.inputValue(),
      );
    }
    timings.push(...(await page.evaluate(() => performance.getEntriesByName('lv:grid-search-update').map((e) => e.duration))));
  }
  await box.fill('');
  return timings;
}

/**
 * The same keystrokes measured from outside React: value set + input event dispatched, then
 * the time until the grid shows the new query and layout is done (what the next frame paints).
 */
async function dispatchTimings(page: Page, inputTestId = 'links-search', gridTestId = 'links-grid'): Promise<number[]> {
  return page.evaluate(
    async ([queries, inputId, gridId]) => {
      const input = document.querySelector<HTMLInputElement>(`[data-testid="${inputId}"]`)!;
      const grid = document.querySelector(`[data-testid="${gridId}"]`)!;
      // The native value setter (React's own tracks what a script sets through the property).
      const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
      const out: number[] = [];
      for (const query of queries) {
        for (let i = 1; i <= query.length; i++) {
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          const text = query.slice(0, i);
          const start = performance.now();
          value.set!.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          while (grid.getAttribute('data-query') !== text) await Promise.resolve();
          void (grid as HTMLElement).offsetHeight; // style and layout of the new results
          out.push(performance.now() - start);
        }
      }
      value.set!.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      return out;
    },
    [SEARCHES, inputTestId, gridTestId] as const,
  );
}

/**
 * When the page first showed `text` in `testId` (and an element matching `alsoSelector`, if given: a
 * folder counts as shown with its first card), in ms from the start of its navigation (the page's
 * own clock, checked every frame): Playwright's locator polling backs off to 500 ms between checks
 * and would add up to that much to a first-load figure. Also the link cards on the page then.
 */
async function shownAt(page: Page, testId: string, text: string, alsoSelector?: string): Promise<{ ms: number; cards: number }> {
  const handle = await page.waitForFunction(
    ([id, wanted, also]) => {
      const shown = document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(wanted);
      return shown && (!also || document.querySelector(also))
        ? { ms: Math.round(performance.now()), cards: document.querySelectorAll('article').length }
        : false;
    },
    [testId, text, alsoSelector] as const,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as { ms: number; cards: number };
}

/** Folder-view keystrokes: the folder's own keystroke → committed-grid measures. */
async function folderSearchTimings(page: Page): Promise<number[]> {
  const box = page.getByTestId('folder-search');
  const timings: number[] = [];
  for (const query of SEARCHES) {
    await page.evaluate(() => performance.clearMeasures('lv:folder-search-update'));
    await box.fill('');
    await box.focus();
    for (const char of query) {
      await page.keyboard.type(char);
      await page.waitForFunction(
        (q) => document.querySelector('[data-testid="folder-results"]')?.getAttribute('data-query') === q,
        await box.inputValue(),
      );
    }
    timings.push(...(await page.evaluate(() => performance.getEntriesByName('lv:folder-search-update').map((e) => e.duration))));
  }
  await box.fill('');
  return timings;
}

/**
 * Before each measured first load: the tab or context closed just before (a 10,000-link dashboard's
 * above all) is torn down and garbage-collected on the same 2 cores for a few hundred ms, and a load
 * started then pays for it. There is no signal for "the browser is idle" to wait for.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 750));

/**
 * The folder view on 'Recently Saved Links', which holds every link (10,000): first load
 * from a fresh page (navigation → all links counted), render from data, search p95, DOM and heap.
 */
async function folderFigures(context: BrowserContext, folderId: string, count = LINKS) {
  await settle();
  const page = await context.newPage();
  await page.goto(`/category/${folderId}`, { waitUntil: 'commit' });
  const { ms: loadMs, cards: cardsShown } = await shownAt(
    page,
    'folder-count',
    `${count.toLocaleString('en-US')} links`,
    '[data-testid="folder-links"] article',
  );
  // A big folder shows its first screen from its newest links, then reads the whole list (search,
  // sorts and reordering need it): when that list is on the page too.
  const completeMs = (await (
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="folder-results"]')?.getAttribute('data-complete') === 'true'
          ? Math.round(performance.now())
          : false,
      undefined,
      {
        polling: 'raf',
        timeout: 60_000,
      },
    )
  ).jsonValue()) as number;
  await page.waitForFunction(() => performance.getEntriesByName('lv:folder-render-from-data').length > 0, undefined, {
    polling: 100,
    timeout: 60_000,
  });
  const renderMs = await page.evaluate(() => performance.getEntriesByName('lv:folder-render-from-data')[0].duration);
  const keystrokes = await folderSearchTimings(page);
  const dispatched = await dispatchTimings(page, 'folder-search', 'folder-results');
  const cardsTop = await page.locator('article').count();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  const cardsBottom = await page.locator('article').count();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await page.close();
  return { loadMs, cardsShown, completeMs, renderMs, keystrokes, dispatched, cardsTop, cardsBottom, heapMb: heap.usedSize / 1024 / 1024 };
}

/** One more cold first load of the dashboard, in a browser context of its own (nothing cached). */
async function coldDashboardLoad(browser: Browser, webUrl: string, session: string): Promise<number> {
  await settle();
  const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
    const page = await context.newPage();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    return (await shownAt(page, 'links-total', `${LINKS.toLocaleString('en-US')} links`)).ms;
  } finally {
    await context.close();
  }
}

/** One more first load of a folder, a page of its own in `context`. */
async function folderLoad(context: BrowserContext, folderId: string, count: number): Promise<number> {
  await settle();
  const page = await context.newPage();
  try {
    await page.goto(`/category/${folderId}`, { waitUntil: 'commit' });
    return (await shownAt(page, 'folder-count', `${count.toLocaleString('en-US')} links`, '[data-testid="folder-links"] article')).ms;
  } finally {
    await page.close();
  }
}

async function main() {
  const started = Date.now();
  console.log(`Starting a local stack and building the web app…`);
  const { stack, info, cleanup } = await startTestStack();
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dash-bench-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  let failed = false;
  try {
    await buildWeb({ supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1' }, true, outDir);
    const server = await serveStatic(outDir, 0);
    const webUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    console.log(`Seeding ${LINKS.toLocaleString('en-US')} links in ${FOLDERS} folders…`);
    const { session, savedFolderId, folderIds } = await createSeededAccount(info, LINKS, FOLDERS);

    const referenceBefore = await machineReference(browser);
    const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, JSON.stringify(session)] as const);
    const page = await context.newPage();
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const { ms: loadMs } = await shownAt(page, 'links-total', `${LINKS.toLocaleString('en-US')} links`);
    await page.waitForFunction(() => performance.getEntriesByName('lv:grid-render-from-data').length > 0, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    const renderMs = await page.evaluate(() => performance.getEntriesByName('lv:grid-render-from-data')[0].duration);

    // A second render from cached data: leave and come back (client-side navigation, no refetch needed).
    await page.evaluate(() => performance.clearMeasures('lv:grid-render-from-data'));
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings/);
    // Navigations are transitions: the dashboard stays mounted until the settings chunk has loaded,
    // and going back before that never re-renders the grid (no measure to wait for).
    await page.getByTestId('dashboard').waitFor({ state: 'detached', timeout: 60_000 });
    await page.goBack();
    // Polled (not per animation frame) and bounded: a stuck wait fails with a message instead of hanging.
    await page
      .getByTestId('links-total')
      .filter({ hasText: `${LINKS.toLocaleString('en-US')} links` })
      .waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('lv:grid-render-from-data').length > 0, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    const rerenderMs = await page.evaluate(() => performance.getEntriesByName('lv:grid-render-from-data')[0].duration);

    const keystrokes = await searchTimings(page);
    const dispatched = await dispatchTimings(page);

    const cardsTop = await page.locator('article').count();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    const cardsBottom = await page.locator('article').count();
    const sections = await page.getByTestId('category-section').count();

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    const heapMb = heap.usedSize / 1024 / 1024;
    // The folder figures are first loads in a tab of their own: the dashboard's tab (10,000 links
    // in memory) is closed first, as it would be when the folder's URL is opened in its place; left
    // open, it could share the new tab's renderer process and main thread.
    await page.close();

    const folder = await folderFigures(context, savedFolderId);
    // An ordinary folder too (the size a person's big folder has): its links are every FOLDERS-th one.
    const smallCount = Math.ceil(LINKS / FOLDERS);
    const small = await folderFigures(context, folderIds[0], smallCount);

    // More first loads of each, interleaved so that a slow moment of the machine hits all three.
    const dashboardLoads = [loadMs];
    const folderLoads = [folder.loadMs];
    const smallLoads = [small.loadMs];
    for (let i = 1; i < FIRST_LOADS; i++) {
      dashboardLoads.push(await coldDashboardLoad(browser, webUrl, JSON.stringify(session)));
      folderLoads.push(await folderLoad(context, savedFolderId, LINKS));
      smallLoads.push(await folderLoad(context, folderIds[0], smallCount));
    }

    const referenceAfter = await machineReference(browser);

    const rows: Array<[string, string, string, boolean | null]> = [
      [
        'machine: fixed work in a page, before / after (lower is faster)',
        `${referenceBefore.toFixed(1)} / ${referenceAfter.toFixed(1)} ms`,
        '',
        null,
      ],
      ['links / folders', `${LINKS.toLocaleString('en-US')} / ${FOLDERS}`, '', null],
      [
        `first load: navigation → all links shown (median of ${FIRST_LOADS})`,
        `${median(dashboardLoads)} ms`,
        `<= ${BUDGET.firstLoadMs} ms`,
        median(dashboardLoads) <= BUDGET.firstLoadMs,
      ],
      ['first load: each load (cold)', dashboardLoads.join(' '), '', null],
      ['grid render from data (first)', `${renderMs.toFixed(1)} ms`, `<= ${BUDGET.renderMs} ms`, renderMs <= BUDGET.renderMs],
      ['grid render from data (cached, back)', `${rerenderMs.toFixed(1)} ms`, `<= ${BUDGET.renderMs} ms`, rerenderMs <= BUDGET.renderMs],
      [`search keystroke → grid (${keystrokes.length} keys) p50`, `${percentile(keystrokes, 50).toFixed(2)} ms`, '', null],
      [
        'search keystroke → grid p95',
        `${percentile(keystrokes, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(keystrokes, 95) <= BUDGET.keystrokeP95Ms,
      ],
      [
        'search input event → laid out p95 (outside React)',
        `${percentile(dispatched, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(dispatched, 95) <= BUDGET.keystrokeP95Ms,
      ],
      ['search max (either way)', `${Math.max(...keystrokes, ...dispatched).toFixed(2)} ms`, '', null],
      [
        'link cards in DOM (top / bottom)',
        `${cardsTop} / ${cardsBottom}`,
        `<= ${BUDGET.cards}`,
        Math.max(cardsTop, cardsBottom) <= BUDGET.cards,
      ],
      ['section elements in DOM (bottom)', `${sections} of ${FOLDERS + 1}`, '', null],
      ['JS heap used after GC', `${heapMb.toFixed(1)} MB`, `<= ${BUDGET.heapMb} MB`, heapMb <= BUDGET.heapMb],
      [
        `folder view (${LINKS.toLocaleString('en-US')} links): first load (median of ${FIRST_LOADS})`,
        `${median(folderLoads)} ms`,
        `<= ${BUDGET.folderFirstLoadMs} ms`,
        median(folderLoads) <= BUDGET.folderFirstLoadMs,
      ],
      ['folder view: first load, each', folderLoads.join(' '), '', null],
      ['folder view: link cards when first shown', `${folder.cardsShown}`, '', null],
      ['folder view: whole list in (navigation → search ready)', `${folder.completeMs} ms`, '', null],
      ['folder view: render from data', `${folder.renderMs.toFixed(1)} ms`, `<= ${BUDGET.renderMs} ms`, folder.renderMs <= BUDGET.renderMs],
      [
        `folder view: search keystroke p95 (${folder.keystrokes.length} keys)`,
        `${percentile(folder.keystrokes, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(folder.keystrokes, 95) <= BUDGET.keystrokeP95Ms,
      ],
      [
        'folder view: search input event → laid out p95 (outside React)',
        `${percentile(folder.dispatched, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(folder.dispatched, 95) <= BUDGET.keystrokeP95Ms,
      ],
      [
        'folder view: link cards in DOM (top / bottom)',
        `${folder.cardsTop} / ${folder.cardsBottom}`,
        `<= ${BUDGET.cards}`,
        Math.max(folder.cardsTop, folder.cardsBottom) <= BUDGET.cards,
      ],
      ['folder view: JS heap used after GC', `${folder.heapMb.toFixed(1)} MB`, `<= ${BUDGET.heapMb} MB`, folder.heapMb <= BUDGET.heapMb],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): first load (median of ${FIRST_LOADS})`,
        `${median(smallLoads)} ms`,
        `<= ${BUDGET.folderFirstLoadMs} ms`,
        median(smallLoads) <= BUDGET.folderFirstLoadMs,
      ],
      [`folder view (${smallCount.toLocaleString('en-US')} links): first load, each`, smallLoads.join(' '), '', null],
      [`folder view (${smallCount.toLocaleString('en-US')} links): link cards when first shown`, `${small.cardsShown}`, '', null],
      [`folder view (${smallCount.toLocaleString('en-US')} links): whole list in`, `${small.completeMs} ms`, '', null],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): render from data`,
        `${small.renderMs.toFixed(1)} ms`,
        `<= ${BUDGET.renderMs} ms`,
        small.renderMs <= BUDGET.renderMs,
      ],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): search keystroke p95`,
        `${percentile(small.keystrokes, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(small.keystrokes, 95) <= BUDGET.keystrokeP95Ms,
      ],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): search input event → laid out p95`,
        `${percentile(small.dispatched, 95).toFixed(2)} ms`,
        `<= ${BUDGET.keystrokeP95Ms} ms`,
        percentile(small.dispatched, 95) <= BUDGET.keystrokeP95Ms,
      ],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): link cards in DOM (top / bottom)`,
        `${small.cardsTop} / ${small.cardsBottom}`,
        `<= ${BUDGET.cards}`,
        Math.max(small.cardsTop, small.cardsBottom) <= BUDGET.cards,
      ],
      [
        `folder view (${smallCount.toLocaleString('en-US')} links): JS heap used after GC`,
        `${small.heapMb.toFixed(1)} MB`,
        `<= ${BUDGET.heapMb} MB`,
        small.heapMb <= BUDGET.heapMb,
      ],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    console.log(`\nDashboard at scale (${((Date.now() - started) / 1000).toFixed(0)} s total)\n`);
    console.log(`${'measure'.padEnd(width)}  ${'value'.padStart(16)}  ${'budget'.padEnd(12)}  result`);
    console.log('-'.repeat(width + 44));
    for (const [label, value, budget, ok] of rows) {
      console.log(`${label.padEnd(width)}  ${value.padStart(16)}  ${budget.padEnd(12)}  ${ok === null ? '' : ok ? 'PASS' : 'FAIL'}`);
      if (ok === false) failed = true;
    }
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  } finally {
    await browser.close();
    await stack.stop();
    cleanup();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

// Never hang silently (a stuck browser wait or stack shutdown): the whole run has 20 minutes.
setTimeout(() => {
  console.error('bench:dashboard: no result after 20 minutes, giving up');
  process.exit(1);
}, 20 * 60_000).unref();

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
