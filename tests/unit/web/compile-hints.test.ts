import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, EAGER_MODULES } from '../../../web/compile-hints.ts';

// The entry and a signed-in first load's route chain carry V8's compile hint on their first line
// (web/compile-hints.ts), so a big account's first load compiles them eagerly; other chunks stay
// lazily compiled.
const webRoot = path.resolve(import.meta.dirname, '..', '..', '..', 'web');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function chunk(fileName: string, moduleIds: string[]): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds } as unknown as Rollup.OutputChunk;
}

/** Writes the files of a fake build and runs the plugin's writeBundle on them. */
function build(files: Record<string, string>, bundle: Rollup.OutputChunk[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const plugin = compileHints(webRoot);
  const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: Rollup.OutputBundle) => void;
  writeBundle({ dir }, Object.fromEntries(bundle.map((c) => [c.fileName, c])));
  return dir;
}

describe('compile hints (web/compile-hints.ts)', () => {
  it('hints the entry and the page chunks, not a dialog chunk nor supabase-js, and shifts the source map by one line', () => {
    const dir = build(
      {
        'assets/index-a.js': 'const a=1;\n//# sourceMappingURL=index-a.js.map',
        'assets/index-a.js.map': JSON.stringify({ version: 3, mappings: 'AAAA,KAAK' }),
        'assets/category-page-b.js': 'export const b=2;',
        'assets/copy-link-dialog-c.js': 'export const c=3;',
        'assets/supabase-client-d.js': 'export const d=4;',
      },
      [
        chunk('assets/index-a.js', [path.join(webRoot, 'src/main.tsx'), path.join(webRoot, 'src/app/app.tsx')]),
        chunk('assets/category-page-b.js', [path.join(webRoot, 'src/routes/category/category-page.tsx')]),
        chunk('assets/copy-link-dialog-c.js', [path.join(webRoot, 'src/features/links/copy-link-dialog.tsx')]),
        chunk('assets/supabase-client-d.js', [path.join(webRoot, 'src/lib/supabase-client.ts')]),
      ],
    );
    const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
    expect(read('assets/index-a.js')).toBe(`${COMPILE_HINT}\nconst a=1;\n//# sourceMappingURL=index-a.js.map`);
    expect(read('assets/category-page-b.js').split('\n')[0]).toBe(COMPILE_HINT);
    expect(read('assets/copy-link-dialog-c.js')).toBe('export const c=3;');
    expect(read('assets/supabase-client-d.js')).toBe('export const d=4;');
    expect((JSON.parse(read('assets/index-a.js.map')) as { mappings: unknown }).mappings).toBe(';AAAA,KAAK');
  });

  it('adds the hint once when a build writes twice', () => {
    const bundle = [chunk('assets/index-a.js', [path.join(webRoot, 'src/main.tsx')])];
    const dir = build({ 'assets/index-a.js': 'const a=1;' }, bundle);
    const plugin = compileHints(webRoot);
    (plugin.writeBundle as (options: { dir: string }, bundle: Rollup.OutputBundle) => void)({ dir }, { 'assets/index-a.js': bundle[0] });
    expect(fs.readFileSync(path.join(dir, 'assets/index-a.js'), 'utf8')).toBe(`${COMPILE_HINT}\nconst a=1;`);
  });

  it('names modules that exist (a renamed page would silently lose its hint)', () => {
    for (const rel of EAGER_MODULES) expect(fs.existsSync(path.join(webRoot, rel)), rel).toBe(true);
  });
});
