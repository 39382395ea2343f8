// Import and export at scale: 25,000 bookmarks in 1,000 folders from a ~10 MB Netscape
// HTML file with base64 favicons, imported through the data layer (Node) and through the UI
// (Debian's chromium), then exported.
// Usage: npm run bench:import   [BENCH_LINKS=25000 BENCH_FOLDERS=1000 BENCH_ICON_BYTES=260]
// Prints time, rows per second and peak heap for each path; budgets: import <= 30 s, tab heap
// <= 300 MB, export <= 5 s. Exits 1 when a budget is missed. Figures only mean something on an idle machine.
import '../setup/node-websocket.ts'; // supabase-js needs a WebSocket class on Node 20
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { benchUser } from './bench-user.ts';
import { chromium } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { loadExportCollection, listSavedUrls, runImport } from '../../shared/data/import-export/api.ts';
import { createNetscapeParser, toNetscapeHtml } from '../../shared/rules/bookmark-html.ts';
import { planImport } from '../../shared/rules/bookmark-import.ts';
import { startTestStack } from '../setup/stack.global.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';

const LINKS = Number(process.env.BENCH_LINKS ?? 25_000);
const FOLDERS = Number(process.env.BENCH_FOLDERS ?? 1_000);
const ICON_BYTES = Number(process.env.BENCH_ICON_BYTES ?? 260);
const BUDGET = { importS: 30, heapMb: 300, exportS: 5 };
const AUTH_STORAGE_KEY = 'linkvault-auth';

/** A Chrome-style export: top-level folders with subfolders (1 in 10 top-level), links spread evenly, every link with an ICON. */
export function generateBookmarkFile(links = LINKS, folders = FOLDERS, iconBytes = ICON_BYTES): string {
  const icon = `data:image/png;base64,${Buffer.alloc(Math.ceil((iconBytes * 3) / 4), 7)
    .toString('base64')
    .slice(0, iconBytes)}`;
  const top = Math.max(1, Math.round(folders / 10));
  const perTop = Math.floor((folders - top) / top);
  const folderCount = top + top * perTop;
  const perFolder = Math.ceil(links / folderCount);
  let written = 0;
  const out: string[] = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  const linksOf = (indent: string, label: string) => {
    for (let i = 0; i < perFolder && written < links; i++, written++) {
      out.push(
        `${indent}<DT><A HREF="https://site-${written % 997}.example/${label}/page-${written}?ref=bench" ADD_DATE="${1_600_000_000 + written}" ICON="${icon}">Bookmark ${written} about ${label}</A>`,
      );
    }
  };
  for (let t = 0; t < top; t++) {
    out.push(`    <DT><H3 ADD_DATE="1600000000">Topic ${t}</H3>`, '    <DL><p>');
    linksOf('        ', `topic-${t}`);
    for (let s = 0; s < perTop; s++) {
      out.push(`        <DT><H3>Sub ${t}.${s}</H3>`, '        <DL><p>');
      linksOf('            ', `sub-${t}-${s}`);
      out.push('        </DL><p>');
    }
    out.push('    </DL><p>');
  }
  out.push('</DL><p>', '');
  return out.join('\n');
}

function newUser(admin: SupabaseClient, url: string, anonKey: string, tag: string) {
  return benchUser(admin, url, anonKey, 'import', tag);
}

async function main() {
  const started = Date.now();
  const html = generateBookmarkFile();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
  const file = path.join(dir, 'bookmarks.html');
  fs.writeFileSync(file, html);
  const sizeMb = Buffer.byteLength(html) / 1024 / 1024;
  console.log(
    `Generated ${file}: ${sizeMb.toFixed(1)} MB, ${LINKS.toLocaleString('en-US')} bookmarks in ${FOLDERS.toLocaleString('en-US')} folders`,
  );
  console.log('Starting a local stack and building the web app…');
  const { stack, info, cleanup } = await startTestStack();
  const outDir = path.join(dir, 'web');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] });
  const rows: Array<[string, string, string, boolean | null]> = [['file', `${sizeMb.toFixed(1)} MB`, '', null]];
  let failed = false;
  try {
    await buildWeb({ supabaseUrl: info.url, anonKey: info.anonKey, siteUrl: 'http://127.0.0.1' }, true, outDir);
    const server = await serveStatic(outDir, 0);
    const webUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const admin = createClient(info.url, info.serviceRoleKey, { auth: { persistSession: false } });

    // 1. Data layer (Node): parse, plan, write in batches.
    const a = await newUser(admin, info.url, info.anonKey, 'data');
    let peakNode = 0;
    const sampler = setInterval(() => (peakNode = Math.max(peakNode, process.memoryUsage().heapUsed)), 100);
    const t0 = performance.now();
    const parser = createNetscapeParser();
    for (let i = 0; i < html.length; i += 256 * 1024) parser.write(html.slice(i, i + 256 * 1024));
    const parsed = parser.end();
    const tParsed = performance.now();
    const plan = planImport(parsed, await listSavedUrls(a.client, a.userId));
    const result = await runImport(a.client, plan);
    const tDone = performance.now();
    clearInterval(sampler);
    if (result.status !== 'done') throw result.error ?? new Error(result.status);
    const dataS = (tDone - t0) / 1000;
    rows.push(
      ['data layer: parse', `${((tParsed - t0) / 1000).toFixed(2)} s`, '', null],
      ['data layer: parse + plan + write', `${dataS.toFixed(1)} s`, `<= ${BUDGET.importS} s`, dataS <= BUDGET.importS],
      ['data layer: rows per second', `${Math.round(result.inserted / dataS).toLocaleString('en-US')}`, '', null],
      [
        'data layer: inserted / folders created',
        `${result.inserted.toLocaleString('en-US')} / ${result.foldersCreated}`,
        '',
        result.inserted === plan.links.length,
      ],
      ['data layer: Node heap peak', `${(peakNode / 1024 / 1024).toFixed(0)} MB`, '', null],
    );

    // 2. Export (data layer): read in pages, build the HTML file.
    const e0 = performance.now();
    const collection = await loadExportCollection(a.client);
    const exported = toNetscapeHtml(collection);
    const exportS = (performance.now() - e0) / 1000;
    rows.push(['export HTML (data layer)', `${exportS.toFixed(2)} s`, `<= ${BUDGET.exportS} s`, exportS <= BUDGET.exportS]);
    rows.push([
      'export: links / bytes',
      `${collection.links.length.toLocaleString('en-US')} / ${(exported.length / 1024 / 1024).toFixed(1)} MB`,
      '',
      null,
    ]);

    // 3. The UI: pick the file on /settings/data, wait for the summary, sampling the tab's heap.
    const b = await newUser(admin, info.url, info.anonKey, 'ui');
    const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 900 } });
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, JSON.stringify(b.session)] as const);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto('/settings/data');
    await page.getByRole('heading', { name: 'Import & export' }).waitFor();
    let peakTab = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        const heap = await cdp.send('Runtime.getHeapUsage').catch(() => ({ usedSize: 0 }));
        peakTab = Math.max(peakTab, heap.usedSize);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const sampled = sample();
    const u0 = performance.now();
    await page.getByTestId('import-file').setInputFiles(file);
    await page.getByTestId('import-summary').waitFor({ timeout: 600_000 });
    const uiS = (performance.now() - u0) / 1000;
    sampling = false;
    await sampled;
    const imported = await page.getByTestId('summary-imported').innerText();
    rows.push(
      ['UI: pick file → summary', `${uiS.toFixed(1)} s`, `<= ${BUDGET.importS} s`, uiS <= BUDGET.importS],
      ['UI: rows per second', `${Math.round(LINKS / uiS).toLocaleString('en-US')}`, '', null],
      ['UI: summary', imported, '', null],
      [
        'UI: tab JS heap peak',
        `${(peakTab / 1024 / 1024).toFixed(0)} MB`,
        `<= ${BUDGET.heapMb} MB`,
        peakTab / 1024 / 1024 <= BUDGET.heapMb,
      ],
    );

    // 4. UI export, then the dashboard right after.
    const x0 = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('button', { name: 'Export HTML' }).click(),
    ]);
    await download.path();
    const uiExportS = (performance.now() - x0) / 1000;
    rows.push(['UI: export HTML (click → file)', `${uiExportS.toFixed(2)} s`, `<= ${BUDGET.exportS} s`, uiExportS <= BUDGET.exportS]);
    const d0 = performance.now();
    await page.goto('/dashboard');
    await page
      .getByTestId('links-total')
      .filter({ hasText: `${LINKS.toLocaleString('en-US')} links` })
      .waitFor({ timeout: 120_000 });
    rows.push(['dashboard: open → all links shown', `${((performance.now() - d0) / 1000).toFixed(1)} s`, '', null]);
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  } finally {
    await browser.close();
    await stack.stop();
    cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nImport / export at scale (${((Date.now() - started) / 1000).toFixed(0)} s total)\n`);
  console.log(`${'measure'.padEnd(width)}  ${'value'.padStart(24)}  ${'budget'.padEnd(10)}  result`);
  console.log('-'.repeat(width + 50));
  for (const [label, value, budget, ok] of rows) {
    console.log(`${label.padEnd(width)}  ${value.padStart(24)}  ${budget.padEnd(10)}  ${ok === null ? '' : ok ? 'PASS' : 'FAIL'}`);
    if (ok === false) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
