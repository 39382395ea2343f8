import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type RouteCase,
} from '../bench/route-js.ts';
import { createConfirmedUser } from '../setup/clients.ts';
import { launchChromium, webUrl } from './web-browser.ts';

/**
 * Size budgets on every test run (docs/performance.md): the gzipped JavaScript the landing page,
 * /auth, a public profile page /{slug} and a public folder /{slug}/{folder} load stays within 100 KB each, a signed-in dashboard's
 * within 300 KB. Measured on the build the e2e setup serves (tests/setup/web.global.ts), exactly as
 * `npm run bench:web` measures it (tests/bench/route-js.ts): the figure is a byte count of the
 * build, never a timing.
 */

/** Longer than the bench's quiet time: a loaded machine must not end a route's count before its last chunk is asked for. */
const QUIET_MS = 1_500;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('gzipped JS per route', () => {
  it('stays within each route budget', { timeout: 180_000 }, async () => {
    const baseUrl = webUrl();
    const sizes = new AssetSizes(baseUrl);
    const user = await createConfirmedUser();
    const { data } = await user.client.auth.getSession();
    if (!data.session) throw new Error('no session');
    const session = JSON.stringify(data.session);
    const slug = await publishBenchPublicPage(user.client, user.user.id);
    const folderPath = await publishBenchPublicFolder(user.client, user.user.id, slug);
    const budgeted: RouteCase[] = [...ROUTES, publicPageRoute(slug), publicFolderRoute(folderPath)].filter(
      (route) => route.budgetKb !== undefined,
    );

    const lines = [ROUTE_TABLE_HEADER];
    const over: string[] = [];
    const developmentFiles = new Set<string>();
    for (const route of budgeted) {
      const context = await routeContext(browser, baseUrl, route.signedIn ? session : null);
      try {
        const page = await context.newPage();
        const load = await jsLoadedBy(page, baseUrl, sizes, () => page.goto(route.path), QUIET_MS);
        lines.push(routeRow(route, load));
        for (const file of await developmentBuildFiles(load, sizes)) developmentFiles.add(file);
        if (!withinBudget(load.bytes, route.budgetKb!)) {
          const files = load.assets.map((asset) => `  ${asset.path} ${kb(asset.bytes)} KB`).join('\n');
          over.push(`${route.label}: ${kb(load.bytes)} KB gzipped JS > ${route.budgetKb} KB budget, in ${load.files} files:\n${files}`);
        }
      } finally {
        await context.close();
      }
    }
    console.log(`Gzipped JavaScript per route (cold cache, until the network is idle)\n${lines.join('\n')}`);
    expect(
      [...developmentFiles],
      "the served web build holds React's development build (NODE_ENV was not production when it was built): its figures say nothing about what ships",
    ).toEqual([]);
    expect(over, 'routes over their JS budget (docs/performance.md; npm run bench:web lists every route)').toEqual([]);
  });
});
