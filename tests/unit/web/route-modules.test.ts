import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentOf, REDIRECTS, ROUTE_MODULES } from '../../../web/src/app/route-modules.ts';

/**
 * The one list of routes (web/src/app/route-modules.ts) that the route table, the first-load
 * machinery and the build's chunking read: each entry names a page module that exists and exports
 * its component, and every page module is in the list (page-loaders.ts makes a chunk of each
 * `routes/<area>/<name>-page.tsx`).
 */
const routesDir = path.resolve(import.meta.dirname, '../../../web/src/routes');

describe('the route modules', () => {
  it('name page modules that exist and export their component', () => {
    for (const module of ROUTE_MODULES) {
      const file = path.join(routesDir, module.file);
      expect(fs.existsSync(file), module.file).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), module.file).toMatch(new RegExp(`export function ${componentOf(module)}\\b`));
    }
  });

  it('list every page module of routes/ (a page left out would still be a chunk, but no route)', () => {
    const pages = fs
      .readdirSync(routesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((area) =>
        fs
          .readdirSync(path.join(routesDir, area.name))
          .filter((name) => name.endsWith('-page.tsx'))
          .map((name) => `${area.name}/${name}`),
      );
    expect(pages.sort()).toEqual(ROUTE_MODULES.map((module) => module.file).sort());
  });

  it('give every path to one page', () => {
    const paths = [
      ...ROUTE_MODULES.flatMap((module) => module.paths.map((entry) => (typeof entry === 'string' ? entry : entry.path))),
      ...REDIRECTS.map((redirect) => redirect.from),
    ];
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('start early only signed-in pages (the early reads use the stored session)', () => {
    const firstLoads = ROUTE_MODULES.filter((module) => 'firstLoad' in module);
    expect(firstLoads.map((module) => module.file).sort()).toEqual(['category/category-page.tsx', 'dashboard/dashboard-page.tsx']);
    for (const module of firstLoads) expect(module.access).toBe('signed-in');
  });
});
