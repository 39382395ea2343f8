// Popup start-up time of the built extension in headless Chromium: 20 opens signed out, 20 signed in.
// "Interactive" = the first real view (sign-in form or quick-save form) is rendered and usable: the
// popup sets performance.mark('linkvault:interactive') then; the figure is its time since navigation
// start (HTML, scripts, storage read, tab query, React render, search box focused). Targets: p50 <=
// 150 ms signed out, <= 60 ms signed in. Then, with 10,000 links in the account and in the local
// cache: search keystroke -> results on screen (the popup's 'linkvault:search' measures) p95 <= 16 ms,
// and the saved-state check a tab switch runs in the worker (tab URL, cache look-up, icon) <= 20 ms.
// Usage: npx tsx tests/bench/extension.bench.ts   (npm run bench:extension)   [BENCH_OPENS=20]
import '../setup/node-websocket.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { buildExtension } from '../../scripts/lib/build-clients.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { launchWithExtension, type ExtensionBrowser } from '../e2e/ext/browser.ts';
import { startSite } from '../e2e/ext/site.ts';

const OPENS = Number(process.env.BENCH_OPENS ?? 20);
const TARGET_MS = 150;
const SIGNED_IN_TARGET_MS = 60;
const KEYSTROKE_P95_MS = 16;
const TAB_CHECK_MS = 20;
const LIBRARY = 10_000;
const PASSWORD = 'Sturdy-Passw0rd!';

interface Sample {
  interactive: number;
  domContentLoaded: number;
  wall: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function openOnce(browser: ExtensionBrowser, expectedView: string): Promise<Sample> {
  const page = await browser.context.newPage();
  const started = performance.now();
  await page.goto(`${browser.origin}/popup.html`);
  await page.waitForSelector('body[data-ready]');
  const wall = performance.now() - started;
  const view = await page.getAttribute('body', 'data-ready');
  if (view !== expectedView) throw new Error(`expected the ${expectedView} view, got ${view}`);
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      interactive: performance.getEntriesByName('linkvault:interactive')[0].startTime,
      domContentLoaded: nav.domContentLoadedEventEnd,
    };
  });
  await page.close();
  return { ...timing, wall };
}

async function series(browser: ExtensionBrowser, view: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < OPENS; i++) samples.push(await openOnce(browser, view));
  return samples;
}

function row(name: string, samples: Sample[]): string[] {
  const interactive = samples.map((s) => s.interactive).sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(0).padStart(6);
  return [
    name.padEnd(12),
    fmt(samples[0].interactive),
    fmt(median(interactive)),
    fmt(percentile(interactive, 90)),
    fmt(interactive[0]),
    fmt(interactive[interactive.length - 1]),
    fmt(median(samples.map((s) => s.domContentLoaded))),
    fmt(median(samples.map((s) => s.wall))),
    median(interactive) <= TARGET_MS ? '   ok' : ' SLOW',
  ];
}

/** Bytes of JavaScript popup.html loads before the first view (its module and static imports). */
function startupBytes(dir: string): { files: string[]; bytes: number } {
  const html = fs.readFileSync(path.join(dir, 'popup.html'), 'utf8');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const match of code.matchAll(/(?:^|[;}\s])import\s*(?:[^'"()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      visit(path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])));
    }
  };
  for (const match of html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)) visit(match[1]);
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]+href="\/?([^"]+)"/g)) visit(match[1]);
  const files = [...seen];
  return { files, bytes: files.reduce((sum, file) => sum + fs.statSync(path.join(dir, file)).size, 0) };
}

const { stack, info, cleanup } = await startTestStack();
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ext-bench-'));
const site = await startSite();
let browser: ExtensionBrowser | undefined;
try {
  console.log('Building the extension against a fresh local stack...');
  const dirs = await buildExtension(
    { supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1:3999' },
    // Test hooks: the worker's cache refresh and tab check are called (and timed) from here.
    { quiet: true, outDir, testHooks: true },
  );
  const email = `bench-${Date.now()}@example.test`;
  const admin = createClient(info.url, info.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;

  browser = await launchWithExtension(dirs.chrome);
  const signedOut = await series(browser, 'signed-out');

  const popup = await browser.context.newPage();
  await popup.goto(`${browser.origin}/popup.html`);
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await popup.getByRole('button', { name: 'Sign In' }).click();
  await popup.getByRole('form', { name: 'Save this page' }).waitFor({ timeout: 15_000 });
  await popup.close();
  const article = await browser.context.newPage();
  await article.goto(`${site.url}/A-page-worth-saving`);
  const signedIn = await series(browser, 'signed-in');

  // 10,000 links in the account, read into the local cache by the worker.
  const userId = created.data.user.id;
  const folders = await fetch(`${info.url}/rest/v1/categories?user_id=eq.${userId}&is_default=eq.true&select=id`, {
    headers: { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}` },
  });
  const [{ id: folderId }] = (await folders.json()) as Array<{ id: string }>;
  const words = ['garden', 'recipe', 'rust', 'travel', 'music', 'design', 'python', 'health', 'finance', 'history'];
  for (let from = 0; from < LIBRARY; from += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const n = from + i;
      return {
        user_id: userId,
        title: `Note ${n} about ${words[n % 10]} and ${words[(n * 7) % 10]}`,
        url: `https://${words[n % 10]}.example/${n}`,
        category_id: folderId,
      };
    });
    const inserted = await admin.from('links').insert(rows);
    if (inserted.error) throw inserted.error;
  }
  const worker = browser.context.serviceWorkers()[0];
  type Hooks = {
    linkvaultTestHooks: { refreshLinks(): Promise<number | null>; checkTab(id: number): Promise<{ saved: boolean; ms: number }> };
  };
  const cached = await worker.evaluate(() => (globalThis as unknown as Hooks).linkvaultTestHooks.refreshLinks());
  if (cached !== LIBRARY) throw new Error(`expected ${LIBRARY} cached links, got ${cached}`);
  const signedInFull = await series(browser, 'signed-in');

  // Keystrokes: type queries letter by letter; each input event to its results on screen.
  const searchPage = await browser.context.newPage();
  await searchPage.goto(`${browser.origin}/popup.html`);
  await searchPage.getByRole('listbox', { name: 'Recent links' }).waitFor({ timeout: 20_000 });
  for (const query of ['garden rust', 'note 12', 'python fin', 'travel mus']) {
    await searchPage.getByRole('combobox', { name: 'Search your links' }).fill('');
    await searchPage.getByRole('combobox', { name: 'Search your links' }).pressSequentially(query, { delay: 30 });
  }
  const keystrokes = (await searchPage.evaluate(() => performance.getEntriesByName('linkvault:search').map((e) => e.duration))).sort(
    (a, b) => a - b,
  );
  await searchPage.close();

  // Tab switches: the worker's check for the article tab (saved) and another tab (not saved).
  await admin
    .from('links')
    .insert({ user_id: userId, title: 'A page worth saving', url: `${site.url}/A-page-worth-saving`, category_id: folderId });
  await worker.evaluate(() => (globalThis as unknown as Hooks).linkvaultTestHooks.refreshLinks());
  const other = await browser.context.newPage();
  await other.goto(`${site.url}/Not-saved`);
  const tabIds = await worker.evaluate(async (siteUrl) => {
    const all = await (
      globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id: number; url: string }>> } } }
    ).chrome.tabs.query({});
    return [`${siteUrl}/A-page-worth-saving`, `${siteUrl}/Not-saved`].map((url) => all.find((tab) => tab.url === url)!.id);
  }, site.url);
  const checks: number[] = [];
  for (let i = 0; i < 40; i++) {
    const result = await worker.evaluate((id) => (globalThis as unknown as Hooks).linkvaultTestHooks.checkTab(id), tabIds[i % 2]);
    if (result.saved !== (i % 2 === 0)) throw new Error('saved state is wrong');
    checks.push(result.ms);
  }
  const firstCheck = checks[0];
  checks.sort((a, b) => a - b);

  const js = startupBytes(dirs.chrome);
  console.log(`\nPopup start-up, ${OPENS} opens each, headless Chromium (${os.cpus().length} cores), times in ms`);
  console.log('view          first    p50    p90    min    max  DCL50 wall50  p50<=150');
  console.log(row('signed out', signedOut).join(' '));
  console.log(row('signed in', signedIn).join(' '));
  console.log(row('in, 10k', signedInFull).join(' '));
  const keyP95 = percentile(keystrokes, 95);
  const checkMax = checks[checks.length - 1];
  console.log(`\nWith ${LIBRARY} cached links (ms)              p50    p95    max   target`);
  console.log(
    `search keystroke -> results (${keystrokes.length})   ${median(keystrokes).toFixed(1).padStart(6)} ${keyP95.toFixed(1).padStart(6)} ${keystrokes[keystrokes.length - 1].toFixed(1).padStart(6)}   p95<=${KEYSTROKE_P95_MS}`,
  );
  console.log(
    `saved-state check, tab switch (${checks.length})  ${median(checks).toFixed(1).padStart(6)} ${percentile(checks, 95).toFixed(1).padStart(6)} ${checkMax.toFixed(1).padStart(6)}   <=${TAB_CHECK_MS} (first, index build: ${firstCheck.toFixed(1)})`,
  );
  console.log(
    `\nJavaScript before the first view: ${(js.bytes / 1024).toFixed(0)} KiB in ${js.files.length} files (${js.files.join(', ')})`,
  );
  console.log(
    'first = the very first open (cold); DCL = DOMContentLoaded; wall = goto() to ready as seen from Playwright (adds CDP round trips).',
  );
  const worst = Math.max(median(signedOut.map((s) => s.interactive)), median(signedIn.map((s) => s.interactive)));
  const signedInP50 = Math.max(median(signedIn.map((s) => s.interactive)), median(signedInFull.map((s) => s.interactive)));
  const ok =
    worst <= TARGET_MS && signedInP50 <= SIGNED_IN_TARGET_MS && keyP95 <= KEYSTROKE_P95_MS && percentile(checks, 95) <= TAB_CHECK_MS;
  console.log(
    ok
      ? `\nPASS: p50 interactive ${worst.toFixed(0)} ms (signed in ${signedInP50.toFixed(0)} ms), keystroke p95 ${keyP95.toFixed(1)} ms, tab check p95 ${percentile(checks, 95).toFixed(1)} ms`
      : `\nOVER TARGET: p50 interactive ${worst.toFixed(0)} ms (signed in ${signedInP50.toFixed(0)} ms <= ${SIGNED_IN_TARGET_MS}?), keystroke p95 ${keyP95.toFixed(1)} ms, tab check p95 ${percentile(checks, 95).toFixed(1)} ms`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser?.close();
  await site.close();
  await stack.stop();
  cleanup();
  fs.rmSync(outDir, { recursive: true, force: true });
}
