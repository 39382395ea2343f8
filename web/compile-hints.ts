import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): on the first line of a
 * script it makes V8 compile every function of the file as it loads, on the script-streaming thread,
 * instead of each one on the main thread the first time it is called, and keeps them in the code
 * cache for later visits.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The modules whose chunks run almost all their code as soon as they load: the entry (React) and a
 * signed-in first load's route chain (app/page-loaders.ts, app/load-client.ts). Lazily compiled,
 * their functions cost a folder's or the dashboard's first load 25-40 ms of main thread on a 2-core
 * machine (issue 11 'Scale'). Chunks loaded for one dialog or form are left lazy: most of their
 * code never runs.
 */
export const EAGER_MODULES = [
  'src/main.tsx',
  'src/app/supabase-client.ts',
  'src/app/data-providers.tsx',
  'src/routes/signed-in/signed-in-layout.tsx',
  'src/routes/dashboard/dashboard-page.tsx',
  'src/routes/category/category-page.tsx',
];

/** The output files (relative to the output directory) of the chunks holding one of `modules`. */
export function eagerChunkFiles(bundle: Rollup.OutputBundle, modules: readonly string[]): string[] {
  return Object.values(bundle)
    .filter((out): out is Rollup.OutputChunk => out.type === 'chunk' && out.moduleIds.some((id) => modules.includes(id)))
    .map((chunk) => chunk.fileName);
}

/** Puts the hint on the first line of `file`, and shifts its source map (if any) one line down. */
export function addCompileHint(file: string): void {
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
