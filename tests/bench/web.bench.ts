// Web app performance figures: the gzipped JavaScript each route loads, and the landing page's LCP.
// Usage: npx tsx tests/bench/web.bench.ts   (npm run bench:web)   [BENCH_LCP_RUNS=5] [BENCH_VERBOSE=1]
// Builds the app against a fresh local stack into a temp dir, serves it like `npm start` (gzip),
// and drives Debian's chromium. Budgets (docs/performance.md): landing, /auth, a public profile
// page /{slug} (banner, main photo, 6 message images) and a public folder /{slug}/{folder} (100
// links) <= 100 KB gzipped JS, the signed-in dashboard <= 300 KB (routes, budgets and how a route
// is measured: route-js.ts, which the budget check of every test run, tests/e2e/js-budgets.test.ts,
// uses too); landing, /{slug} and the public folder LCP <= 1 s (median), and the public pages'
// layout shift (CLS). Exits 1 when a budget is missed.
import '../setup/node-websocket.ts'; // supabase-js needs a WebSocket class on Node 20
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';
import {
  AssetSizes,
  developmentBuildFiles,
  jsLoadedBy,
  kb,
  publicFolderRoute,
  publicPageRoute,
  publishBenchPublicFolder,
  publishBenchPublicPage,
  ROUTE_TABLE_HEADER,
  routeContext,
  routeRow,
  ROUTES,
  withinBudget,
  type JsLoad,
} from './route-js.ts';

const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const LCP_BUDGET_MS = 1000;

function printAssets(load: JsLoad) {
  if (process.env.BENCH_VERBOSE) for (const asset of load.assets) console.log(`    ${asset.path} ${kb(asset.bytes)} KB`);
}

/** CLS of a loaded page so far (sum of layout shifts without recent input). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** LCP (and CLS) of one cold load of `path`, read from buffered PerformanceObservers. */
async function pageLcp(browser: Browser, path = '/'): Promise<{ lcp: number; cls: number }> {
  const context = await routeContext(browser, baseUrl, null);
  const page = await context.newPage();
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );
  const cls = await layoutShift(page);
  await context.close();
  return { lcp, cls };
}

let baseUrl = '';
const { stack, info, cleanup } = await startTestStack();
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-'));
let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
let failed = false;
try {
  process.stdout.write('Building the web app...\n');
  await buildWeb({ supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1' }, true, dist);
  server = await serveStatic(dist, 0);
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A confirmed user whose session the signed-in cases start with.
  const admin = createClient(info.url, info.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const email = `bench-${Date.now()}@example.test`;
  const password = 'Bench-Passw0rd!42';
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Bench', last_name: 'User' },
  });
  if (created.error) throw created.error;
  const anon = createClient(info.url, info.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await anon.auth.signInWithPassword({ email, password });
  if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error('no session');
  const session = JSON.stringify(signedIn.data.session);

  // A published public page with a banner, a main photo and 6 message images.
  const slug = await publishBenchPublicPage(anon, signedIn.data.user.id);
  // And a public folder of 100 links (descriptions, tags, favicons) of the same owner.
  const folderPath = await publishBenchPublicFolder(anon, signedIn.data.user.id, slug, 100);
  const routes = [...ROUTES, publicPageRoute(slug), publicFolderRoute(folderPath)];

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const sizes = new AssetSizes(baseUrl);

  console.log('\nGzipped JavaScript per route (cold cache, until the network is idle)');
  console.log(ROUTE_TABLE_HEADER);
  for (const route of routes) {
    const context = await routeContext(browser, baseUrl, route.signedIn ? session : null);
    const page = await context.newPage();
    const load = await jsLoadedBy(page, baseUrl, sizes, () => page.goto(route.path));
    printAssets(load);
    const after = route.interact ? await jsLoadedBy(page, baseUrl, sizes, () => route.interact!(page)) : undefined;
    if (route.budgetKb !== undefined) failed ||= !withinBudget(load.bytes, route.budgetKb);
    console.log(routeRow(route, load, after));
    const development = await developmentBuildFiles(load, sizes);
    if (development.length > 0) {
      failed = true;
      console.log(`  not a production build: React's development build is in ${development.join(', ')}`);
    }
    await context.close();
  }

  for (const [label, target] of [
    ['Landing', '/'],
    ['Public page /{slug}', `/${slug}`],
    ['Public folder /{slug}/{folder}, 100 links', folderPath],
  ] as const) {
    const runs: Array<{ lcp: number; cls: number }> = [];
    for (let i = 0; i < LCP_RUNS; i++) runs.push(await pageLcp(browser, target));
    const samples = runs.map((r) => r.lcp);
    const sorted = samples.filter(Number.isFinite).sort((a, b) => a - b);
    const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
    const lcpOk = Number.isFinite(median) && median <= LCP_BUDGET_MS;
    failed ||= !lcpOk;
    console.log(`\n${label} LCP, local serve, ${LCP_RUNS} cold loads: ${samples.map((s) => Math.round(s)).join(', ')} ms`);
    console.log(
      `median ${Math.round(median)} ms  ${lcpOk ? 'ok' : 'OVER'} (<= ${LCP_BUDGET_MS} ms); CLS max ${Math.max(...runs.map((r) => r.cls)).toFixed(3)}`,
    );
  }
} finally {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await stack.stop();
  cleanup();
  fs.rmSync(dist, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
