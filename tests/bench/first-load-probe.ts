// First-load probe: what a signed-in first load of the dashboard or a folder spends
// its time on, and an A/B of two builds interleaved, on the same stack, data and browser.
// Usage: npm run bench:first-load   [env below]
//   PROBE_PAGES=dashboard,folder,folder200   pages to load (the 10,000-link folder, a 200-link one)
//   PROBE_RUNS=10                            loads of each page (and of each build)
//   PROBE_BASE=/path/to/other/worktree       also build that checkout's web app (its node_modules
//                                            may be a symlink to this one's) and load both in turn
//   PROBE_VERBOSE=1                          each load's requests: start, response start, end (ms)
//   PROBE_TRACE=/tmp/trace                   a Chromium trace (with CPU profile) of the last load of
//                                            each page and build, to /tmp/trace-<page>-<build>.json
//   PROBE_TRACE_ALL=1                        with PROBE_TRACE: every load, to ...-<build>-<run>.json
//   PROBE_TRACE_NO_PROFILE=1                 with PROBE_TRACE: no CPU profile (the profiler makes V8
//                                            re-parse hinted files for source positions: +50-95 ms)
//   PROBE_TRACE_CATEGORIES=toplevel,v8.execute   with PROBE_TRACE: only these trace categories (the
//                                            default ones slow a load down by a third or more)
//   PROBE_PHONE=1                            a 390 × 844 window instead of 1280 × 900
//   PROBE_WATCH=pw|light|both                how "shown" is watched: Playwright's waitForFunction per
//                                            frame, as bench:dashboard does (pw, the default), or an
//                                            init script's own per-frame check read over CDP (light:
//                                            no Playwright script compiled in the page mid-load);
//                                            both: each load twice, interleaved, to compare them
//   PROBE_WARM=1                             load the page once (PROBE_WARM=N: N times) in the same
//                                            context first (its tab closed), as bench:dashboard's
//                                            folder loads come after the dashboard's: cached files.
//                                            (No code cache: Playwright's contexts are off the record,
//                                            and V8 compiles every script again on every load.)
// Prints, per page and build, the median "shown" time (navigation → the count and first card, timed
// in the page as bench:dashboard does), the renderer's main-thread task time (CDP
// Performance.getMetrics), the CPU time all the browser's processes used from navigation to shown
// (SystemInfo.getProcessInfo; 10 ms steps, steadier than wall time on a busy machine: on 2 cores a
// first load is bound by it), and the machine line bench:dashboard prints. Not a budget check:
// bench:dashboard is. Machines here are noisy: compare builds only within one run (they are
// interleaved so both see the same load).
import '../setup/node-websocket.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';
import { createSeededAccount } from './seeded-account.ts';
import { machineReference } from './machine-reference.ts';

const LINKS = 10_000;
const FOLDERS = 50;
const WATCHES = process.env.PROBE_WATCH === 'both' ? ['pw', 'light'] : [process.env.PROBE_WATCH === 'light' ? 'light' : 'pw'];
const RUNS = Number(process.env.PROBE_RUNS ?? 10);
const PAGES = (process.env.PROBE_PAGES ?? 'dashboard,folder').split(',');
const AUTH_STORAGE_KEY = 'linkvault-auth';
const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'];
if (!process.env.PROBE_TRACE_NO_PROFILE) TRACE_CATEGORIES.push('disabled-by-default-v8.cpu_profiler');
if (process.env.PROBE_TRACE_CATEGORIES)
  TRACE_CATEGORIES.splice(0, TRACE_CATEGORIES.length, ...process.env.PROBE_TRACE_CATEGORIES.split(','));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Builds the web app of another checkout against this stack, into a temp dir. */
function buildOther(checkout: string, env: { url: string; anonKey: string }): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-base-'));
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: checkout,
    env: {
      ...process.env,
      VITE_SUPABASE_URL: env.url,
      VITE_SUPABASE_ANON_KEY: env.anonKey,
      VITE_SITE_URL: 'http://127.0.0.1',
      WEB_OUT_DIR: out,
    },
    stdio: 'inherit',
  });
  return out;
}

async function serve(dir: string): Promise<string> {
  const server = await serveStatic(dir, 0);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Load {
  shown: number;
  /** CPU time of all the browser's processes from navigation to shown (SystemInfo.getProcessInfo). */
  cpuMs: number;
  taskMs: number;
  requests: Array<[name: string, start: number, responseStart: number, end: number]>;
  milestones: Array<[name: string, at: number]>;
}

/** The "shown" test of bench:dashboard: the count reads `text`, and a folder shows its first card. */
function shownTest(text: string, isFolder: boolean): string {
  const count = isFolder ? '[data-testid="folder-count"]' : '[data-testid="links-total"]';
  return `(document.querySelector(${JSON.stringify(count)})?.textContent?.includes(${JSON.stringify(text)}) && (${!isFolder} || !!document.querySelector('[data-testid="folder-links"] article')))`;
}

/** As bench:dashboard watches: Playwright's waitForFunction, checked every frame. */
async function shownByPlaywright(page: Page, text: string, isFolder: boolean): Promise<number> {
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  const handle = await page.waitForFunction(`${shownTest(text, isFolder)} ? Math.round(performance.now()) : false`, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  return (await handle.jsonValue()) as number;
}

/** An init script that checks every frame itself and settles `window.__lvShown` with the time. */
function shownWatcher(text: string, isFolder: boolean): string {
  return `window.__lvShown = new Promise((resolve) => {
    const check = () => (${shownTest(text, isFolder)} ? resolve(Math.round(performance.now())) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });`;
}

/** Reads the init script's time with one CDP call: nothing of Playwright's runs in the page. */
async function shownFromPage(cdp: CDPSession): Promise<number> {
  const answer = (await cdp.send('Runtime.evaluate', {
    expression: 'window.__lvShown',
    awaitPromise: true,
    returnByValue: true,
    timeout: 60_000,
  })) as { result: { value: unknown } };
  if (typeof answer.result.value !== 'number') throw new Error(`the page never showed its data: ${JSON.stringify(answer)}`);
  return answer.result.value;
}

/** CPU time of all the browser's processes (SystemInfo.getProcessInfo) from now to `since()`. */
async function browserCpu(browser: Browser): Promise<{ since: () => Promise<{ totalMs: number; byType: string }> }> {
  const cdp = await browser.newBrowserCDPSession();
  const read = async () => {
    const byType = new Map<string, number>();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; cpuTime: number }> };
    for (const p of processInfo) byType.set(p.type, (byType.get(p.type) ?? 0) + p.cpuTime * 1000);
    return byType;
  };
  const before = await read();
  return {
    since: async () => {
      const after = await read();
      await cdp.detach();
      const used = [...after].map(([type, ms]) => [type, Math.round(ms - (before.get(type) ?? 0))] as const);
      return { totalMs: used.reduce((sum, [, ms]) => sum + ms, 0), byType: used.map(([type, ms]) => `${type} ${ms}`).join(', ') };
    },
  };
}

async function loadOnce(
  browser: Browser,
  webUrl: string,
  pagePath: string,
  countText: string,
  session: string,
  tracePath: string | null,
  light: boolean,
): Promise<Load> {
  const context = await browser.newContext({
    baseURL: webUrl,
    viewport: process.env.PROBE_PHONE ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  try {
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
    for (let w = 0; w < Number(process.env.PROBE_WARM ?? 0); w++) {
      const warm = await context.newPage();
      await warm.goto(pagePath, { waitUntil: 'load' });
      await warm.waitForFunction((text) => document.body.textContent?.includes(text), countText, { polling: 100, timeout: 60_000 });
      await warm.close();
    }
    const page = await context.newPage();
    if (light) await page.addInitScript(shownWatcher(countText, pagePath.startsWith('/category/')));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const cpu = await browserCpu(browser);
    await page.goto(pagePath, { waitUntil: 'commit' });
    const shown = light ? await shownFromPage(cdp) : await shownByPlaywright(page, countText, pagePath.startsWith('/category/'));
    const cpuUsed = await cpu.since();
    if (process.env.PROBE_VERBOSE) console.log(`cpu by process type (ms): ${cpuUsed.byType}`);
    if (tracePath) await browser.stopTracing();
    const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const requests = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return [
          r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 80),
          Math.round(r.startTime),
          Math.round(r.responseStart),
          Math.round(r.responseEnd),
        ] as [string, number, number, number];
      }),
    );
    // Where the load was when: the document, its first paint, and the app's own measures (lv:*).
    const milestones = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const out: Array<[string, number]> = [];
      if (nav) out.push(['document in', nav.responseEnd], ['DOM interactive', nav.domInteractive]);
      for (const p of performance.getEntriesByType('paint')) out.push([p.name, p.startTime]);
      for (const m of performance.getEntriesByType('measure'))
        if (m.name.startsWith('lv:')) out.push([`${m.name} (${Math.round(m.duration)} ms)`, m.startTime]);
      for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('lv:')) out.push([m.name, m.startTime]);
      out.sort((a, b) => a[1] - b[1]);
      return out.map(([name, at]) => [name, Math.round(at)] as [string, number]);
    });
    return { shown, cpuMs: cpuUsed.totalMs, taskMs: Math.round(metrics.TaskDuration * 1000), requests, milestones };
  } finally {
    await context.close();
  }
}

async function main() {
  const { info, cleanup } = await startTestStack();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    await buildWeb({ supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1' }, true, outDir);
    const builds: Array<[name: string, url: string]> = [['this', await serve(outDir)]];
    if (process.env.PROBE_BASE)
      builds.unshift(['base', await serve(buildOther(process.env.PROBE_BASE, { url: info.url, anonKey: info.anonKey }))]);

    // The account bench:dashboard uses: 10,000 links in 'Recently Saved Links', 200 in each of 50 folders.
    const account = await createSeededAccount(info, LINKS, FOLDERS, 'probe');
    const targets: Record<string, [path: string, count: string]> = {
      dashboard: ['/dashboard', '10,000 links'],
      folder: [`/category/${account.savedFolderId}`, '10,000 links'],
      folder200: [`/category/${account.folderIds[0]}`, '200 links'],
    };
    const session = JSON.stringify(account.session);

    const referenceBefore = await machineReference(browser);
    const results = new Map<string, Load[]>();
    for (let run = 0; run < RUNS; run++) {
      for (const [buildName, url] of builds) {
        for (const watch of WATCHES) {
          const build = WATCHES.length > 1 ? `${buildName}-${watch}` : buildName;
          for (const name of PAGES) {
            const target = targets[name];
            if (!target) throw new Error(`unknown page ${name} (dashboard, folder, folder200)`);
            const traceAll = !!process.env.PROBE_TRACE_ALL;
            const trace =
              process.env.PROBE_TRACE && (traceAll || run === RUNS - 1)
                ? `${process.env.PROBE_TRACE}-${name}-${build}${traceAll ? `-${run}` : ''}.json`
                : null;
            const load = await loadOnce(browser, url, target[0], target[1], session, trace, watch === 'light');
            results.set(`${name} ${build}`, [...(results.get(`${name} ${build}`) ?? []), load]);
            if (process.env.PROBE_VERBOSE) {
              console.log(`${name} ${build} run ${run}: shown ${load.shown} ms, main-thread tasks ${load.taskMs} ms`);
              for (const [request, start, responseStart, end] of load.requests)
                console.log(`  ${String(start).padStart(5)} ${String(responseStart).padStart(5)} ${String(end).padStart(5)}  ${request}`);
              for (const [name, at] of load.milestones) console.log(`  ${String(at).padStart(5)}  ${name}`);
            }
          }
        }
      }
    }

    const referenceAfter = await machineReference(browser);
    console.log(`\nFirst loads, ${RUNS} of each (ms; builds interleaved)`);
    console.log(
      `machine: fixed work in a page (machine-reference.ts), before / after: ${referenceBefore.toFixed(1)} / ${referenceAfter.toFixed(1)} ms\n`,
    );
    console.log(
      `${'page'.padEnd(12)} ${'build'.padEnd(12)} ${'shown median'.padStart(13)} ${'tasks median'.padStart(13)} ${'cpu median'.padStart(11)}  shown, each run`,
    );
    for (const [key, loads] of results) {
      const [name, build] = key.split(' ');
      const shown = loads.map((l) => l.shown);
      console.log(
        `${name.padEnd(12)} ${build.padEnd(12)} ${String(median(shown)).padStart(13)} ${String(median(loads.map((l) => l.taskMs))).padStart(13)} ${String(median(loads.map((l) => l.cpuMs))).padStart(11)}  ${shown.join(' ')}`,
      );
    }
  } finally {
    await browser.close();
    cleanup();
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
