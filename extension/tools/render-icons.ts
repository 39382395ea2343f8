/**
 * Renders extension/assets/icon.svg to the PNG sizes the manifest needs (Chrome does not take SVG
 * icons). Run once after changing the SVG: `npx tsx extension/tools/render-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'assets', 'icon.svg'), 'utf8');
const sizes = [16, 32, 48, 96, 128];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const size of sizes) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(root, 'public', 'icon', `${size}.png`), omitBackground: true });
  }
} finally {
  await browser.close();
}
console.log(`Rendered ${sizes.join(', ')} px icons to extension/public/icon/`);
