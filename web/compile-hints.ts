import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { fromWebRoot, ROUTE_MODULES, type RouteModule } from './src/app/route-modules.ts';

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): on the first line of a
 * script it makes V8 compile every function of the file as it loads, on the script-streaming thread,
 * instead of each one on the main thread the first time it is called, and keeps them in the code
 * cache for later visits.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The modules whose chunks a signed-in first load runs early and much of: the entry (React; half of
 * it runs on a folder's first load) and the pages whose first load starts early (route-modules.ts).
 * Lazily compiled, their functions cost a folder's or the dashboard's first load 25-40 ms of main
 * thread on a 2-core machine. Left lazy: dialog and form chunks, and the big chunks of the route
 * chain whose code mostly does not run on a first load. V8's coverage of a folder's first load:
 * supabase-js's chunk 78 % never run (auth-js's many flows, storage-js), the signed-in chunk 69 %
 * (menus, dialogs, forms of other pages). Compiled whole, they cost more CPU than lazily: preparsed as they stream
 * in, then only the functions that run compile (bench:first-load, warm, two interleaved runs of
 * 10: 10,000-link folder CPU 500 → 450 and 460 → 450 ms, shown 327 → 309 and 297 → 285 ms; 200-link
 * folder CPU 490 → 460 and 460 → 440 ms, shown 321 → 305 and 289 → 282 ms; the dashboard within the
 * noise).
 */
export const EAGER_MODULES = ['src/main.tsx', ...ROUTE_MODULES.filter((module: RouteModule) => module.firstLoad).map(fromWebRoot)];

/** The output files (relative to the output directory) of the chunks holding one of `modules`. */
function eagerChunkFiles(bundle: Rollup.OutputBundle, modules: readonly string[]): string[] {
  return Object.values(bundle)
    .filter((out): out is Rollup.OutputChunk => out.type === 'chunk' && out.moduleIds.some((id) => modules.includes(id)))
    .map((chunk) => chunk.fileName);
}

/** Puts the hint on the first line of `file`, and shifts its source map (if any) one line down. */
function addCompileHint(file: string): void {
  const code = fs.readFileSync(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  fs.writeFileSync(file, `${COMPILE_HINT}\n${code}`);
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) return;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  fs.writeFileSync(mapFile, JSON.stringify(map));
}

/**
 * Adds the hint to the eager chunks once they are written: Vite's own build plugins rewrite the start
 * of a chunk (its preload list) after every `generateBundle`, so this edits the written files.
 */
export function compileHints(webRoot: string): Plugin {
  const modules = EAGER_MODULES.map((rel) => path.join(webRoot, rel));
  return {
    name: 'linkvault-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      for (const file of eagerChunkFiles(bundle, modules)) addCompileHint(path.join(dir, file));
    },
  };
}
