// Web app performance figures: the gzipped JavaScript each route loads, and the landing page's LCP.
// Usage: npx tsx tests/bench/web.bench.ts   (npm run bench:web)   [BENCH_LCP_RUNS=5]
// Builds the app against a fresh local stack into a temp dir, serves it like `npm start` (gzip),
// and drives Debian's chromium. Budgets (issue 6): landing and /auth <= 100 KB gzipped JS,
// landing LCP <= 1 s (median). Issue 14: a public profile page /{slug} with a banner, a main photo
// and 6 message images: <= 100 KB gzipped JS, LCP <= 1 s (median), and its layout shift (CLS).
// Exits 1 when a budget is missed.
import '../setup/node-websocket.ts'; // supabase-js needs a WebSocket class on Node 20
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { pngFromRows } from '../setup/png.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';

const LCP_RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const JS_BUDGET_KB = 100;
const LCP_BUDGET_MS = 1000;
/** Must match DEFAULT_AUTH_STORAGE_KEY in shared/data/client.ts. */
const AUTH_STORAGE_KEY = 'linkvault-auth';

interface RouteCase {
  label: string;
  path: string;
  signedIn?: boolean;
  /** Something a person does first; the JS it pulls in is reported separately. */
  interact?: (page: Page) => Promise<void>;
  budgetKb?: number;
}

const ROUTES: RouteCase[] = [
  { label: '/ (landing, signed out)', path: '/', budgetKb: JS_BUDGET_KB },
  { label: '/ (landing, signed in)', path: '/', signedIn: true },
  {
    label: '/auth',
    path: '/auth',
    budgetKb: JS_BUDGET_KB,
    // Focusing the e-mail field fetches the forms' chunk (supabase-js, schemas) before submit.
    interact: (page) => page.getByRole('form', { name: 'Sign In' }).getByLabel('Email').focus(),
  },
  { label: '/privacy', path: '/privacy' },
  { label: '/data-deletion', path: '/data-deletion' },
  { label: '/support', path: '/support' },
  { label: '404 (/no/such/page)', path: '/no/such/page' },
  { label: '/dashboard (signed in)', path: '/dashboard', signedIn: true },
];

const gzipCache = new Map<string, number>();
/** Gzipped size of a served asset, as serve-static sends it. */
function gzippedSize(dist: string, url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function jsLoadedBy(page: Page, dist: string, action: () => Promise<unknown>): Promise<{ bytes: number; files: number }> {
  const urls = new Set<string>();
  let lastActivity = Date.now();
  const onRequest = (request: { url(): string }) => {
    lastActivity = Date.now();
    const url = request.url();
    if (url.startsWith(baseUrl) && url.endsWith('.js')) urls.add(url);
  };
  page.on('request', onRequest);
  await action();
  await page.waitForLoadState('networkidle');
  // networkidle returns at once when the page was already idle: also wait for 750 ms of quiet.
  while (Date.now() - lastActivity < 750) await new Promise((resolve) => setTimeout(resolve, 100));
  page.off('request', onRequest);
  let bytes = 0;
  for (const url of urls) bytes += gzippedSize(dist, url);
  if (process.env.BENCH_VERBOSE) for (const url of urls) console.log(`    ${new URL(url).pathname} ${kb(gzippedSize(dist, url))} KB`);
  return { bytes, files: urls.size };
}

async function seededContext(browser: Browser, session: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
  if (session) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
  return context;
}

/** A PNG of one colour with some noise rows (so it is not tiny), built without an image library. */
function photoPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  return pngFromRows(width, height, (y) => {
    const row = Buffer.alloc(width * 3);
    for (let x = 0; x < width; x++) {
      const shade = ((x * 7 + y * 13) % 40) - 20;
      for (let c = 0; c < 3; c++) row[x * 3 + c] = Math.max(0, Math.min(255, rgb[c] + shade));
    }
    return row;
  });
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
  const context = await seededContext(browser, null);
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

  // Issue 14: a published public page with a banner, a main photo and 6 message images.
  const userId = signedIn.data.user!.id;
  const slug = `bench-${Date.now().toString(36)}`;
  const upload = async (bucket: string, name: string, png: Buffer) => {
    const { error } = await anon.storage.from(bucket).upload(`${userId}/${name}`, png, { contentType: 'image/png' });
    if (error) throw error;
    return `${userId}/${name}`;
  };
  const banner = await upload('banner-backgrounds', 'banner.png', photoPng(1200, 320, [40, 110, 90]));
  const photo = await upload('main-photos', 'photo.png', photoPng(448, 448, [220, 150, 90]));
  const images: string[] = [];
  for (let i = 0; i < 6; i++)
    images.push(await upload('message-images', `m${i}.png`, photoPng(400, 400, [60 + i * 30, 120, 200 - i * 20])));
  for (const [table, write] of [
    ['profiles', anon.from('profiles').update({ public_page_slug: slug }).eq('user_id', userId)],
    [
      'user_privacy_settings',
      anon.from('user_privacy_settings').update({ public_page_published: true, public_page_visibility: 'public' }).eq('user_id', userId),
    ],
    [
      'webpage_settings',
      anon.from('webpage_settings').upsert({
        user_id: userId,
        public_display_name: 'Bench User',
        company_name: 'Bench Co',
        bio: 'A page for the benchmark.',
        banner_background_url: anon.storage.from('banner-backgrounds').getPublicUrl(banner).data.publicUrl,
        main_photo_path: photo,
        main_photo_size: 'large',
        message_image_paths: images,
        message_boxes: ['One', 'Two', 'Three', '', '', '', ''],
        website_url: 'https://example.com',
        twitter_handle: 'bench',
      }),
    ],
  ] as const) {
    const { error } = await write;
    if (error) throw new Error(`${table}: ${error.message}`);
  }
  ROUTES.push({ label: `/{slug} (public page)`, path: `/${slug}`, budgetKb: JS_BUDGET_KB });

  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

  console.log('\nGzipped JavaScript per route (cold cache, until the network is idle)');
  console.log(`${'route'.padEnd(28)} ${'files'.padStart(5)} ${'KB gz'.padStart(8)}   ${'then on first interaction'.padEnd(26)} budget`);
  for (const route of ROUTES) {
    const context = await seededContext(browser, route.signedIn ? session : null);
    const page = await context.newPage();
    const load = await jsLoadedBy(page, dist, () => page.goto(route.path));
    let after = '';
    if (route.interact) {
      const extra = await jsLoadedBy(page, dist, () => route.interact!(page));
      after = `+${kb(extra.bytes)} KB (${extra.files} files)`;
    }
    let verdict = '';
    if (route.budgetKb) {
      const ok = load.bytes / 1024 <= route.budgetKb;
      failed ||= !ok;
      verdict = `${ok ? 'ok' : 'OVER'} (<= ${route.budgetKb} KB)`;
    }
    console.log(
      `${route.label.padEnd(28)} ${String(load.files).padStart(5)} ${kb(load.bytes).padStart(8)}   ${after.padEnd(26)} ${verdict}`,
    );
    await context.close();
  }

  for (const [label, target] of [
    ['Landing', '/'],
    ['Public page /{slug}', `/${slug}`],
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
