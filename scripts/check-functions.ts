import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run check:functions`: the edge functions are Deno code, outside tsc and ESLint (tsconfig.json and
 * eslint.config.js leave supabase/functions out), so Deno's own tools check them:
 * - `deno check` of every .ts file under supabase/functions, each function and every _shared module
 *   (a helper no function imports yet is checked too), with the shared code they import;
 * - `deno lint` of the same folder;
 * - no relative import leaves supabase/functions: code from the repo's shared/ folder is imported as
 *   `~shared/...` (deno.json's import map), the alias the web app and the extension use: one way to
 *   name shared code everywhere, however deep the importing file sits.
 * The Deno steps use the repo's Deno (the `deno` npm package), the import map the functions run with
 * (supabase/functions/deno.json, as config.toml's `import_map` says) and never the network: npm
 * packages come from the repo's node_modules (`--node-modules-dir=manual`), anything else must already
 * be cached (`--cached-only`), and no lockfile is written. Exits 1 when any of the three finds a problem.
 */
const root = path.resolve(import.meta.dirname, '..');
const functionsDir = path.join(root, 'supabase', 'functions');
const config = path.join(functionsDir, 'deno.json');
const deno = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');

/** Every .ts file below `dir`, relative to it, sorted (node_modules and dot folders skipped). */
function tsFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(dir, child));
    else if (entry.isFile() && entry.name.endsWith('.ts')) out.push(child);
  }
  return out.sort();
}

function run(label: string, args: string[]): boolean {
  const shown = args.filter((arg) => !arg.endsWith('.ts')).map((arg) => (path.isAbsolute(arg) ? path.relative(root, arg) : arg));
  console.log(`\n$ deno ${shown.join(' ')} <the ${files.length} files>`);
  const result = spawnSync(deno, args, {
    cwd: functionsDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      // The same cache the local stack's workers use (supabase/local/functions/index.ts).
      DENO_DIR: process.env.DENO_DIR || path.join(root, 'node_modules', '.cache', 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      DENO_NO_PROMPT: '1',
    },
  });
  if (result.error) {
    console.error(`${label}: cannot run ${deno}: ${result.error.message}`);
    return false;
  }
  const ok = result.status === 0;
  console.log(`${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`}`);
  return ok;
}

/** Relative imports of `file` that resolve outside supabase/functions, as "file:line: specifier". */
function importsLeavingFunctions(file: string): string[] {
  const lines = fs.readFileSync(path.join(functionsDir, file), 'utf8').split('\n');
  const out: string[] = [];
  lines.forEach((line, i) => {
    for (const match of line.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g)) {
      const target = path.resolve(functionsDir, path.dirname(file), match[1]);
      if (path.relative(functionsDir, target).startsWith('..')) out.push(`supabase/functions/${file}:${i + 1}: '${match[1]}'`);
    }
  });
  return out;
}

const files = tsFiles(functionsDir);
if (files.length === 0) {
  console.error(`check-functions: no .ts files under ${functionsDir}`);
  process.exit(1);
}
console.log(`Checking ${files.length} files under supabase/functions with ${path.relative(root, deno)}`);
const common = ['--config', config, '--node-modules-dir=manual', '--no-lock'];
const checked = run('deno check', ['check', '--quiet', '--cached-only', ...common, ...files]);
const linted = run('deno lint', ['lint', '--config', config, ...files]);
const leaving = files.flatMap(importsLeavingFunctions);
console.log('\n$ relative imports stay inside supabase/functions');
for (const found of leaving) console.log(`  ${found}: import it as '~shared/...' (supabase/functions/deno.json)`);
console.log(`imports: ${leaving.length === 0 ? 'ok' : `FAILED (${leaving.length})`}`);
process.exit(checked && linted && leaving.length === 0 ? 0 : 1);
