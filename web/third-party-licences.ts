import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the build writes the list; the About page (settings/about-page.tsx) reads it. */
const LICENCES_FILE = 'licences.json';

export interface ShippedPackage {
  name: string;
  version: string;
  license: string;
  homepage: string | null;
}

/** The package directory of a bundled module id (the innermost node_modules/<name> or node_modules/@scope/<name>). */
export function packageDirOf(id: string): string | null {
  const clean = id.replace(/^\0/, '').split('?')[0].replace(/\\/g, '/');
  const marker = '/node_modules/';
  const last = clean.lastIndexOf(marker);
  if (last < 0) return null;
  const rest = clean.slice(last + marker.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  return `${clean.slice(0, last)}${marker}${name}`;
}

function readPackage(dir: string): ShippedPackage | null {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
      license?: string | { type?: string };
      homepage?: string;
    };
    if (!json.name || !json.version) return null;
    const license = typeof json.license === 'string' ? json.license : (json.license?.type ?? 'UNKNOWN');
    return { name: json.name, version: json.version, license, homepage: json.homepage ?? null };
  } catch {
    return null;
  }
}

/**
 * Writes licences.json beside the built app: every npm package with code in the emitted chunks,
 * read from the modules Rollup actually bundled, so the list is what the product ships and nothing
 * else (no dev tools, no server-side packages).
 */
export function thirdPartyLicences(): Plugin {
  return {
    name: 'linkvault-third-party-licences',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength === 0) continue;
          const dir = packageDirOf(id);
          if (dir) dirs.add(dir);
        }
      }
      const packages = new Map<string, ShippedPackage>();
      for (const dir of dirs) {
        const pkg = readPackage(dir);
        if (pkg) packages.set(`${pkg.name}@${pkg.version}`, pkg);
      }
      const list = [...packages.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
      this.emitFile({ type: 'asset', fileName: LICENCES_FILE, source: `${JSON.stringify(list, null, 1)}\n` });
    },
  };
}
