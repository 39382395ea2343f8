// The fizzy button demo: "smooth at 60 fps" with the particle cap reached. Presses the
// button in bursts for a few seconds in Debian's chromium and records every animation frame's interval.
// Usage: npm run bench:fizzy   Prints frame intervals and long frames; exits 1 when the budget is missed
// (p95 frame interval <= 20 ms, i.e. no steady frame drops below 60 fps). Only meaningful on an idle machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildWeb } from '../../scripts/lib/build-clients.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { CHROMIUM_ARGS } from '../setup/chromium-args.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const BUDGET_P95_MS = 20;

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fizzy-bench-'));
  console.log('Building the web app…');
  // The demo page needs no backend; the build only needs some project URL and key.
  const outDir = await buildWeb(
    { supabaseUrl: 'http://127.0.0.1:9', anonKey: 'bench', siteUrl: 'http://127.0.0.1' },
    true,
    path.join(dir, 'web'),
  );
  const server = await serveStatic(outDir, 0);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, reducedMotion: 'no-preference' });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/demo/fizzy-button`);
    const button = page.getByRole('button', { name: 'Fizz!' });
    await button.waitFor();
    // Presses every 150 ms keep the cap reached while every frame's interval is recorded.
    // A string, not a function: tsx would add helpers (__name) the page does not have.
    const result = await page.evaluate<{ intervals: number[]; peak: number }>(`(async () => {
      const el = document.querySelector('button[data-presses]') || [...document.querySelectorAll('button')].find((b) => b.textContent.includes('Fizz!'));
      const canvas = document.querySelector('[data-testid="fizzy-canvas"]');
      const intervals = [];
      let peak = 0;
      await new Promise((resolve) => {
        const end = performance.now() + ${SECONDS * 1000};
        let last = performance.now();
        const press = setInterval(() => el.click(), 150);
        const frame = (now) => {
          intervals.push(now - last);
          last = now;
          peak = Math.max(peak, Number(canvas ? canvas.getAttribute('data-particles') : 0));
          if (now < end) requestAnimationFrame(frame);
          else {
            clearInterval(press);
            resolve();
          }
        };
        requestAnimationFrame(frame);
      });
      return { intervals: intervals.slice(1), peak };
    })()`);
    const { intervals, peak } = result;
    const p50 = pct(intervals, 50);
    const p95 = pct(intervals, 95);
    const long = intervals.filter((ms) => ms > 34).length; // two or more frames missed
    const fps = intervals.length / (intervals.reduce((a, b) => a + b, 0) / 1000);
    const ok = p95 <= BUDGET_P95_MS && peak <= 250;
    console.log(`\nFizzy button, ${SECONDS} s of presses every 150 ms (chromium, 1280×860):`);
    console.log(`  frames                     ${intervals.length}  (${fps.toFixed(1)} fps)`);
    console.log(
      `  frame interval p50 / p95   ${p50.toFixed(1)} / ${p95.toFixed(1)} ms   budget p95 <= ${BUDGET_P95_MS} ms ${p95 <= BUDGET_P95_MS ? 'ok' : 'MISSED'}`,
    );
    console.log(`  frames over 34 ms          ${long}`);
    console.log(`  live particles, peak       ${peak}   cap 250 ${peak <= 250 ? 'ok' : 'EXCEEDED'}`);
    console.log('\nFigures only mean something on an idle machine.');
    return ok ? 0 : 1;
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.exit(await main());
