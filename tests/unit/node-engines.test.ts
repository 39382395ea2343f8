import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** The Node version the README promises installs without engine warnings. */

const require = createRequire(import.meta.url);
// semver ships without types here; only satisfies() is needed.
const semver = require('semver') as { satisfies(version: string, range: string): boolean };
const lock = require('../../package-lock.json') as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('package-lock engines', () => {
  it('every locked package accepts Node 20.19 (README: "20.19 or newer")', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, pkg]) => pkg.engines && !Array.isArray(pkg.engines) && pkg.engines.node && !semver.satisfies('20.19.0', pkg.engines.node))
      .map(([name, pkg]) => `${name}@${pkg.version}`);
    expect(refusing).toEqual([]);
  });
});
