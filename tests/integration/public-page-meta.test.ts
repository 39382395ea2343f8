// The Open Graph tags the web server writes into /{slug}: owner text is text, never a replacement
// pattern, and an unpublished page loses its tags at once.
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectPageMeta, publicPageMeta } from '../../scripts/lib/public-page-meta.ts';
import { serveStatic } from '../../scripts/lib/serve-static.ts';
import { setPagePublished, setPageVisibility } from '../../shared/data/privacy/api.ts';
import { setPublicSlug } from '../../shared/data/profiles/api.ts';
import { saveWebpageSettings } from '../../shared/data/studio/api.ts';
import { webpageSettingsSchema } from '../../shared/schemas/webpage-settings.ts';
import { testStack } from '../setup/stack-info.ts';
import { dataUser } from './data-setup.ts';

const INDEX =
  '<!doctype html><html><head><title>LinkVault</title>\n<meta name="description" content="x" />\n<link rel="canonical" href="http://site/" />\n</head><body><div id="root"></div></body></html>';
const SITE = { siteUrl: 'https://links.example', supabaseUrl: 'http://127.0.0.1:1' };

describe('owner text in the tags', () => {
  // Each of these means something in a String.replace replacement string: $' is the text after the
  // match (it pasted the rest of the document into <title>), $` the text before, $& the match.
  const patterns = ["$'", '$`', '$&', '$1', '$$', "Ann $' & $` <b>"];
  for (const value of patterns) {
    it(`${JSON.stringify(value)} in the name, company and bio stays text`, () => {
      const page = {
        reason: 'ok',
        viewable: true,
        is_owner: false,
        slug: 'ann-page',
        user_id: null,
        username: 'ann',
        first_name: 'Ann',
        last_name: null,
        icon_outline_color: null,
        public_page_published: true,
        public_page_visibility: 'public',
        main_photo_path: null,
        main_photo_size: null,
        message_image_paths: null,
        message_boxes: null,
        message_titles: null,
        banner_message: null,
        banner_background_url: null,
        bio: value,
        website_url: null,
        twitter_handle: null,
        instagram_handle: null,
        linkedin_url: null,
        public_display_name: value,
        company_name: value,
        links_section_title: null,
        profile_section_title: null,
        bio_social_section_title: null,
        theme_mode: null,
        accent_color: null,
      } as unknown as Parameters<typeof injectPageMeta>[1];
      const html = injectPageMeta(INDEX, page, SITE, false);
      const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<body>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${escaped} · ${escaped}</title>`);
      expect(html).toContain(`<meta name="description" content="${escaped}" />`);
      expect(html).toContain(`<meta property="og:description" content="${escaped}" />`);
    });
  }
});

describe('the served page follows the owner at once', () => {
  let root: string;
  let base: string;
  let server: http.Server;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'og-fresh-'));
    fs.writeFileSync(path.join(root, 'index.html'), INDEX);
    // The options `npm start` uses (scripts/start.ts): nothing about caching.
    server = await serveStatic(root, 0, '127.0.0.1', {
      transformIndex: publicPageMeta({ supabaseUrl: testStack().url, anonKey: testStack().anonKey, siteUrl: 'https://links.example' }),
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('unpublishing removes the tags on the very next request; a changed bio shows on the next one', async () => {
    const owner = await dataUser({ firstName: 'Una', lastName: 'Published' });
    const slug = `una-${owner.userId.slice(0, 8)}`;
    await setPublicSlug(owner.client, owner.userId, slug, null);
    await saveWebpageSettings(owner.client, owner.userId, webpageSettingsSchema.parse({ bio: 'First words', company_name: 'Una Co' }));
    await setPagePublished(owner.client, owner.userId, true);
    await setPageVisibility(owner.client, owner.userId, 'public');
    const read = async () => (await fetch(`${base}/${slug}`)).text();

    const published = await read();
    expect(published).toContain('<meta property="og:description" content="First words" />');
    expect(published).not.toContain('noindex');

    await saveWebpageSettings(owner.client, owner.userId, webpageSettingsSchema.parse({ bio: 'Second words', company_name: 'Una Co' }));
    const changed = await read();
    expect(changed).toContain('<meta property="og:description" content="Second words" />');
    expect(changed).not.toContain('First words');

    await setPagePublished(owner.client, owner.userId, false);
    const unpublished = await read();
    expect(unpublished).not.toContain('og:');
    expect(unpublished).not.toContain('Second words');
    expect(unpublished).toContain('<meta name="robots" content="noindex" />');
    expect(unpublished).toContain('<title>LinkVault</title>');
  });
});
