import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The Deno executable: DENO_BIN when set, else the binary the `deno` npm package installed,
 * else `deno` on PATH.
 */
export function findDenoBinary(repoRoot: string): string {
  if (process.env.DENO_BIN) return process.env.DENO_BIN;
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const candidates = [path.join(repoRoot, 'node_modules', 'deno', exe)];
  try {
    const require = createRequire(path.join(repoRoot, 'package.json'));
    const platformPkg = `@deno/${process.platform}-${process.arch === 'x64' ? 'x64' : process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
    candidates.push(path.join(path.dirname(require.resolve(`${platformPkg}/package.json`)), exe));
  } catch {
    // no platform package: fall through to PATH
  }
  return candidates.find((c) => fs.existsSync(c)) ?? 'deno';
}
