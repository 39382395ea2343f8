import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from '../../shared/constants.ts';
import { APP_LINK_PATHS, inAppPath, WEB_PROTOCOL_HANDLER } from '../../shared/rules/app-links.ts';

const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../web/public/manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  share_target: { action: string };
  protocol_handlers: Array<{ protocol: string; url: string }>;
  icons: Array<{ src: string; sizes: string }>;
};

/** The static manifest repeats a few constants: they must not drift from the code's. */
describe('web app manifest', () => {
  it('uses the brand, lands shares and protocol links on share-in routes, and has installable icons', () => {
    expect(manifest.name).toBe(BRAND_NAME);
    expect(manifest.short_name).toBe(BRAND_NAME);
    expect(manifest.start_url).toBe('/dashboard');
    expect(APP_LINK_PATHS).toContain(manifest.share_target.action);
    expect(manifest.protocol_handlers).toEqual([{ protocol: WEB_PROTOCOL_HANDLER, url: '/share/capture?link=%s' }]);
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, '../../web/public', `.${icon.src}`)), icon.src).toBe(true);
    }
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // What Chromium hands /share/capture for web+linkvault://… maps back to an in-app path.
    expect(inAppPath(`${WEB_PROTOCOL_HANDLER}://share/capture?url=https%3A%2F%2Fa.test`)).toBe('/share/capture?url=https%3A%2F%2Fa.test');
  });
});
