import { spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface ClientEnv {
  supabaseUrl: string;
  anonKey: string;
  siteUrl: string;
}

/** The only values the web app and the extension are built with: the public API URL and the anon key. */
export function clientEnv(env: ClientEnv): NodeJS.ProcessEnv {
  return { ...process.env, VITE_SUPABASE_URL: env.supabaseUrl, VITE_SUPABASE_ANON_KEY: env.anonKey, VITE_SITE_URL: env.siteUrl };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${out}`))));
  });
}

/**
 * A release build whoever calls it: vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds,
 * which would ship React's development build to the e2e tests and the size budgets.
 */
const releaseEnv = (env: ClientEnv): NodeJS.ProcessEnv => ({ ...clientEnv(env), NODE_ENV: 'production' });

const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);

/** Builds the web app into web/dist, or into `outDir` (tests build their own copy without touching web/dist). */
export async function buildWeb(env: ClientEnv, quiet = false, outDir?: string): Promise<string> {
  const buildEnv = { ...releaseEnv(env), ...(outDir ? { WEB_OUT_DIR: outDir } : {}) };
  await run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', quiet ? 'warn' : 'info'], buildEnv, quiet);
  return outDir ? path.resolve(outDir) : path.join(repoRoot, 'web', 'dist');
}

/**
 * Builds (and optionally zips) the extension for Chrome (MV3) and Firefox into .output, or into
 * `outDir` (tests and benchmarks build their own copy; wxt.config.ts reads WXT_OUT_DIR).
 * `testHooks` exposes the worker's handlers to end-to-end tests; release builds never have them.
 */
export async function buildExtension(
  env: ClientEnv,
  opts: { zip?: boolean; quiet?: boolean; outDir?: string; testHooks?: boolean } = {},
): Promise<{ chrome: string; firefox: string }> {
  const verb = opts.zip ? 'zip' : 'build';
  const outDir = opts.outDir ? path.resolve(opts.outDir) : path.join(repoRoot, '.output');
  const buildEnv = { ...releaseEnv(env), VITE_TEST_HOOKS: opts.testHooks ? 'true' : '', ...(opts.outDir ? { WXT_OUT_DIR: outDir } : {}) };
  await run(bin('wxt'), [verb], buildEnv, opts.quiet);
  await run(bin('wxt'), [verb, '-b', 'firefox'], buildEnv, opts.quiet);
  return { chrome: path.join(outDir, 'chrome-mv3'), firefox: path.join(outDir, 'firefox-mv3') };
}
