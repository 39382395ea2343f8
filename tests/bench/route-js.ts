import zlib from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pngFromRows } from '../setup/png.ts';

/**
 * The gzipped JavaScript a route of the web app loads, and its budget: one definition for
 * `npm run bench:web` (tests/bench/web.bench.ts, which adds LCP) and the budget check every test run
 * makes (tests/e2e/js-budgets.test.ts).
 *
 * How a route is measured: a fresh browser context (cold cache; signed-in cases start with a stored
 * session) opens the route, and every .js file of the app it requests until the network has been
 * quiet is counted once, at its gzipped size (zlib's default level, what the app's server sends).
 * The figure is a byte count of the build: the same build and the same route give the same number.
 */

/** docs/performance.md: the landing page, /auth, a public profile page /{slug} and a public folder /{slug}/{folder}. */
export const PUBLIC_JS_BUDGET_KB = 100;
/** docs/performance.md: a signed-in dashboard's first load. */
export const DASHBOARD_JS_BUDGET_KB = 300;
/** Must match DEFAULT_AUTH_STORAGE_KEY in shared/data/client.ts. */
export const AUTH_STORAGE_KEY = 'linkvault-auth';

export interface RouteCase {
  label: string;
  path: string;
  signedIn?: boolean;
  /** Something a person does first; the JS it pulls in is reported separately. */
  interact?: (page: Page) => Promise<void>;
  /** Most gzipped KB the route may load (1 KB = 1024 bytes); reported only when absent. */
  budgetKb?: number;
}

/** The routes of the web app measured; add a public profile page with publicPageRoute(slug), a public folder with publicFolderRoute(path). */
export const ROUTES: readonly RouteCase[] = [
  { label: '/ (landing, signed out)', path: '/', budgetKb: PUBLIC_JS_BUDGET_KB },
  { label: '/ (landing, signed in)', path: '/', signedIn: true },
  {
    label: '/auth',
    path: '/auth',
    budgetKb: PUBLIC_JS_BUDGET_KB,
    // Focusing the e-mail field fetches the forms' chunk (supabase-js, schemas) before submit.
    interact: (page) => page.getByRole('form', { name: 'Sign In' }).getByLabel('Email').focus(),
  },
  { label: '/privacy', path: '/privacy' },
  { label: '/data-deletion', path: '/data-deletion' },
  { label: '/support', path: '/support' },
  { label: '404 (/no/such/page)', path: '/no/such/page' },
  { label: '/dashboard (signed in)', path: '/dashboard', signedIn: true, budgetKb: DASHBOARD_JS_BUDGET_KB },
];

export function publicPageRoute(slug: string): RouteCase {
  return { label: '/{slug} (public page)', path: `/${slug}`, budgetKb: PUBLIC_JS_BUDGET_KB };
}

/** A public folder, /{slug}/{folder} (publishBenchPublicFolder's path): the public pages' budget. */
export function publicFolderRoute(path: string): RouteCase {
  return { label: '/{slug}/{folder} (public folder)', path, budgetKb: PUBLIC_JS_BUDGET_KB };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function withinBudget(bytes: number, budgetKb: number): boolean {
  return bytes <= budgetKb * 1024;
}

/** The app's assets as the server that serves the build has them, read once each, and their gzipped sizes. */
export class AssetSizes {
  private readonly contents = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, Promise<number>>();

  constructor(private readonly baseUrl: string) {}

  /** The bytes of `url` (an asset of the app), uncompressed. */
  content(url: string): Promise<Buffer> {
    const pathname = new URL(url, this.baseUrl).pathname;
    let content = this.contents.get(pathname);
    if (!content) {
      content = fetch(new URL(pathname, this.baseUrl), { headers: { 'accept-encoding': 'identity' } }).then(async (res) => {
        if (!res.ok) throw new Error(`${pathname}: HTTP ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      });
      this.contents.set(pathname, content);
    }
    return content;
  }

  /** Gzipped size of `url`, as the app's server sends it (zlib's default level). */
  gzipped(url: string): Promise<number> {
    const pathname = new URL(url, this.baseUrl).pathname;
    let size = this.sizes.get(pathname);
    if (!size) {
      size = this.content(pathname).then((content) => zlib.gzipSync(content).length);
      this.sizes.set(pathname, size);
    }
    return size;
  }
}

/**
 * A warning only React's development build has. A build made with NODE_ENV other than
 * "production" (vitest sets NODE_ENV=test, and `vite build` keeps what it finds) bundles that
 * build, 60 KB more gzipped in the entry chunk: its figures say nothing about what ships.
 */
const REACT_DEVELOPMENT_MARKER = 'Each child in a list should have a unique';

/** The files of `load` that hold React's development build (none in a production build). */
export async function developmentBuildFiles(load: JsLoad, sizes: AssetSizes): Promise<string[]> {
  const found = await Promise.all(
    load.assets.map(async (asset) => ((await sizes.content(asset.path)).includes(REACT_DEVELOPMENT_MARKER) ? asset.path : null)),
  );
  return found.filter((path): path is string => path !== null);
}

export interface JsLoad {
  bytes: number;
  files: number;
  /** Each file's path and gzipped size, in request order. */
  assets: Array<{ path: string; bytes: number }>;
}

/**
 * The app's JS files `page` requests during `action` and until the network is idle and has been
 * quiet for `quietMs` (networkidle alone returns at once when the page already was idle).
 */
export async function jsLoadedBy(
  page: Page,
  baseUrl: string,
  sizes: AssetSizes,
  action: () => Promise<unknown>,
  quietMs = 750,
): Promise<JsLoad> {
  const urls = new Set<string>();
  let lastActivity = Date.now();
  const onRequest = (request: { url(): string }) => {
    lastActivity = Date.now();
    const url = request.url();
    if (url.startsWith(baseUrl) && new URL(url).pathname.endsWith('.js')) urls.add(url);
  };
  page.on('request', onRequest);
  await action();
  await page.waitForLoadState('networkidle');
  while (Date.now() - lastActivity < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
  page.off('request', onRequest);
  const assets = await Promise.all([...urls].map(async (url) => ({ path: new URL(url).pathname, bytes: await sizes.gzipped(url) })));
  return { bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0), files: assets.length, assets };
}

/** A fresh context (cold cache) at the bench's viewport; with `session`, supabase-js finds it stored. */
export async function routeContext(browser: Browser, baseUrl: string, session: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
  if (session) await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
  return context;
}

export const ROUTE_TABLE_HEADER = `${'route'.padEnd(28)} ${'files'.padStart(5)} ${'KB gz'.padStart(8)}   ${'then on first interaction'.padEnd(26)} budget`;

/** One line of the table: the route, its files and gzipped KB, what a first interaction adds, the verdict. */
export function routeRow(route: RouteCase, load: JsLoad, after?: JsLoad): string {
  const extra = after ? `+${kb(after.bytes)} KB (${after.files} files)` : '';
  const verdict =
    route.budgetKb === undefined ? '' : `${withinBudget(load.bytes, route.budgetKb) ? 'ok' : 'OVER'} (<= ${route.budgetKb} KB)`;
  return `${route.label.padEnd(28)} ${String(load.files).padStart(5)} ${kb(load.bytes).padStart(8)}   ${extra.padEnd(26)} ${verdict}`;
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

/**
 * Publishes the measured public profile page for the signed-in `client`: a banner, a main photo,
 * 6 message images, three messages and social links. Returns its slug.
 */
export async function publishBenchPublicPage(client: SupabaseClient, userId: string): Promise<string> {
  const slug = `bench-${Date.now().toString(36)}`;
  const upload = async (bucket: string, name: string, png: Buffer) => {
    const { error } = await client.storage.from(bucket).upload(`${userId}/${name}`, png, { contentType: 'image/png' });
    if (error) throw error;
    return `${userId}/${name}`;
  };
  const banner = await upload('banner-backgrounds', 'banner.png', photoPng(1200, 320, [40, 110, 90]));
  const photo = await upload('main-photos', 'photo.png', photoPng(448, 448, [220, 150, 90]));
  const images: string[] = [];
  for (let i = 0; i < 6; i++)
    images.push(await upload('message-images', `m${i}.png`, photoPng(400, 400, [60 + i * 30, 120, 200 - i * 20])));
  for (const [table, write] of [
    ['profiles', client.from('profiles').update({ public_page_slug: slug }).eq('user_id', userId)],
    [
      'user_privacy_settings',
      client.from('user_privacy_settings').update({ public_page_published: true, public_page_visibility: 'public' }).eq('user_id', userId),
    ],
    [
      'webpage_settings',
      client.from('webpage_settings').upsert({
        user_id: userId,
        public_display_name: 'Bench User',
        company_name: 'Bench Co',
        bio: 'A page for the benchmark.',
        banner_background_url: client.storage.from('banner-backgrounds').getPublicUrl(banner).data.publicUrl,
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
  return slug;
}

/**
 * Publishes a folder of `links` links for the signed-in `client` (newest first, each with a
 * description, every third with two tags, every other with a stored favicon), at
 * /{profileSlug}/bench-folder. Returns its path.
 */
export async function publishBenchPublicFolder(client: SupabaseClient, userId: string, profileSlug: string, links = 100): Promise<string> {
  const check = <T>(what: string, result: { data: T; error: { message: string } | null }): T => {
    if (result.error) throw new Error(`${what}: ${result.error.message}`);
    return result.data;
  };
  const folder = check(
    'categories',
    await client.from('categories').insert({ user_id: userId, name: 'Bench Folder' }).select('id').single(),
  ) as { id: string };
  const iconPath = `${userId}/favicon.png`;
  check(
    'favicon',
    await client.storage.from('main-photos').upload(iconPath, photoPng(32, 32, [30, 90, 200]), { contentType: 'image/png' }),
  );
  const favicon = client.storage.from('main-photos').getPublicUrl(iconPath).data.publicUrl;
  const now = Date.now();
  const rows = Array.from({ length: links }, (_, i) => ({
    user_id: userId,
    category_id: folder.id,
    title: `Bench link ${i + 1}: a readable title of some length`,
    url: `https://site${i % 17}.example.com/articles/${i + 1}`,
    description: `Why this link is worth reading, number ${i + 1}: a sentence or two of description, as people write them.`,
    favicon_url: i % 2 === 0 ? favicon : null,
    created_at: new Date(now - i * 60_000).toISOString(),
  }));
  const inserted = check('links', await client.from('links').insert(rows).select('id')) as Array<{ id: string }>;
  const tags = check(
    'tags',
    await client
      .from('tags')
      .insert([
        { user_id: userId, name: 'reading' },
        { user_id: userId, name: 'reference' },
      ])
      .select('id'),
  ) as Array<{ id: string }>;
  const linkTags = inserted
    .filter((_, i) => i % 3 === 0)
    .flatMap((link) => tags.map((tag) => ({ link_id: link.id, tag_id: tag.id, user_id: userId })));
  check('link_tags', await client.from('link_tags').insert(linkTags));
  check('public_folders', await client.from('public_folders').insert({ user_id: userId, folder_id: folder.id, slug: 'bench-folder' }));
  return `/${profileSlug}/bench-folder`;
}
