/**
 * Renders extension/assets/icon.svg to the PNG sizes the manifest needs (Chrome does not take SVG
 * icons), and icon-saved.svg (the toolbar icon on a page that is already saved) to saved-<size>.png.
 * Run once after changing an SVG: `npx tsx extension/tools/render-icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const icons = [
  { svg: fs.readFileSync(path.join(root, 'assets', 'icon.svg'), 'utf8'), prefix: '', sizes: [16, 32, 48, 96, 128] },
  { svg: fs.readFileSync(path.join(root, 'assets', 'icon-saved.svg'), 'utf8'), prefix: 'saved-', sizes: [16, 32] },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const { svg, prefix, sizes } of icons) {
    for (const size of sizes) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
      );
      await page.screenshot({ path: path.join(root, 'public', 'icon', `${prefix}${size}.png`), omitBackground: true });
    }
  }
} finally {
  await browser.close();
}
console.info(`Rendered ${icons.map((icon) => `${icon.prefix}${icon.sizes.join(', ')}`).join('; ')} px icons to extension/public/icon/`);
