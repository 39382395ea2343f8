import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reuse of previous builds by `npm start`: a build's output directory holds a
 * stamp with the fingerprint of everything the build reads (source folders, configs, lock file
 * and the values it is built with). The next start rebuilds only when that fingerprint changed.
 */

export const STAMP_FILE = '.linkvault-build.json';

/** Folders and files a client build reads (relative to the repository root). */
export const WEB_INPUTS = ['web', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json'];
export const EXTENSION_INPUTS = ['extension', 'shared', 'wxt.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Never inputs: build outputs and caches inside the input folders. */
const SKIPPED = new Set(['node_modules', 'dist', '.output', '.wxt', '.vite']);

function listFiles(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // an optional input that does not exist
  }
  if (stat.isFile()) {
    out.push(rel);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(full).sort()) {
    if (SKIPPED.has(entry) || entry.startsWith('.')) continue;
    listFiles(root, path.join(rel, entry), out);
  }
}

/** A hash of the inputs' paths and bytes plus the build settings (URLs, keys, flags). */
export function inputFingerprint(root: string, inputs: readonly string[], settings: Record<string, unknown>): string {
  const files: string[] = [];
  for (const input of inputs) listFiles(root, input, files);
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of [...new Set(files)].sort()) {
    hash.update(`\0${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function readStamp(outDir: string): string | null {
  try {
    return (JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8')) as { fingerprint?: string }).fingerprint ?? null;
  } catch {
    return null;
  }
}

export interface CachedBuild {
  /** False when the previous output was reused. */
  rebuilt: boolean;
  /** Why: 'no previous build' | 'inputs changed' | 'inputs unchanged'. */
  reason: string;
}

/**
 * Runs `build` unless every `outputs` directory carries a stamp with this fingerprint. The stamp is
 * written (into each output) only after a successful build, so a failed build is redone next time.
 */
export async function cachedBuild(opts: {
  root: string;
  inputs: readonly string[];
  settings: Record<string, unknown>;
  /** Where the stamp is kept (the output directory, or its parent for several outputs). */
  stampDir: string;
  /** What the build produces: a missing one forces a rebuild. */
  products: readonly string[];
  build: () => Promise<unknown>;
}): Promise<CachedBuild> {
  const fingerprint = inputFingerprint(opts.root, opts.inputs, opts.settings);
  const stamp = readStamp(opts.stampDir);
  const complete = opts.products.every((product) => fs.existsSync(product));
  if (stamp === fingerprint && complete) return { rebuilt: false, reason: 'inputs unchanged' };
  const reason = stamp === null || !complete ? 'no previous build' : 'inputs changed';
  // Remove the stale stamp first: a build interrupted half way must not look finished.
  fs.rmSync(path.join(opts.stampDir, STAMP_FILE), { force: true });
  await opts.build();
  fs.mkdirSync(opts.stampDir, { recursive: true });
  fs.writeFileSync(path.join(opts.stampDir, STAMP_FILE), JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }));
  return { rebuilt: true, reason };
}
