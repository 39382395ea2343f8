import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The dashboard's and a folder's first loads never download or run zod (its
// schemas cost a slow machine ~30 ms at module evaluation). Forms load their schema when used
// (lazyResolver, lazyDialog, a dynamic import on submit). This walks the source's static imports
// (not `import type`, not `import()`) from each page and reports a path to any module that reaches
// zod or its react-hook-form resolver.
const repo = path.resolve(import.meta.dirname, '..', '..', '..');
const FORBIDDEN = ['zod', '@hookform/resolvers'];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('~shared/')) base = path.join(repo, 'shared', spec.slice('~shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null; // an asset (svg, css)
}

/** The chain of modules from `entry` to a forbidden package (or a module `forbiddenFile` accepts), or null. */
function pathToForbidden(entry: string, forbiddenFile: (file: string) => boolean = () => false): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.shift()!;
    if (!/\.tsx?$/.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const spec = match[1];
      if (FORBIDDEN.some((p) => spec === p || spec.startsWith(`${p}/`))) {
        const chain = [spec];
        for (let at: string | null = file; at; at = parent.get(at) ?? null) chain.unshift(path.relative(repo, at));
        return chain;
      }
      const next = resolveImport(file, spec);
      if (next && forbiddenFile(next)) {
        const chain = [path.relative(repo, next)];
        for (let at: string | null = file; at; at = parent.get(at) ?? null) chain.unshift(path.relative(repo, at));
        return chain;
      }
      if (next && !parent.has(next)) {
        parent.set(next, file);
        todo.push(next);
      }
    }
  }
  return null;
}

describe('first loads without zod', () => {
  it.each(['web/src/routes/dashboard/dashboard-page.tsx', 'web/src/routes/category/category-page.tsx'])(
    '%s reaches no zod through static imports',
    (page) => {
      expect(pathToForbidden(path.join(repo, page))).toBeNull();
    },
  );

  it('finds zod where a page does import it (the walk can fail)', () => {
    expect(pathToForbidden(path.join(repo, 'web/src/features/categories/category-form.tsx'))).toEqual([
      'web/src/features/categories/category-form.tsx',
      '@hookform/resolvers/zod',
    ]);
    const chain = pathToForbidden(path.join(repo, 'web/src/features/categories/category-dialog.tsx'));
    expect(chain?.at(-1)).toMatch(/^(zod|@hookform\/resolvers)/);
  });
});

// The same walk for the signed-in icons: public pages and the route fallback (in the entry chunk)
// import their icons from shared/ui/icons/public-icons.tsx, never through the icons.tsx barrel,
// which would ship every signed-in icon with them (shared/ui/icons.tsx).
describe('public pages without the signed-in icons', () => {
  const appIcons = (file: string) => file.endsWith('shared/ui/icons/app-icons.tsx');
  it.each([
    'web/src/main.tsx',
    'web/src/routes/landing/landing-page.tsx',
    'web/src/routes/auth/auth-page.tsx',
    'web/src/routes/public-page/slug-page.tsx',
    'web/src/routes/static/privacy-page.tsx',
    'web/src/routes/not-found/not-found-page.tsx',
    'web/src/routes/demo/fizzy-button-page.tsx',
  ])('%s reaches no signed-in icon through static imports', (page) => {
    expect(pathToForbidden(path.join(repo, page), appIcons)).toBeNull();
  });

  it('finds them through the barrel (the walk can fail)', () => {
    expect(pathToForbidden(path.join(repo, 'web/src/routes/share-in/receive-page.tsx'), appIcons)?.slice(-2)).toEqual([
      'shared/ui/icons.tsx',
      'shared/ui/icons/app-icons.tsx',
    ]);
  });
});
