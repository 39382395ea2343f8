import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedBuild, inputFingerprint, STAMP_FILE } from '../../scripts/lib/build-cache.ts';

/** `npm start` reuses a build whose inputs did not change (a second start is quick), and rebuilds when one did. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'src', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;');
  fs.writeFileSync(path.join(root, 'src', 'dist', 'old.js'), 'built');
  fs.writeFileSync(path.join(root, 'package.json'), '{}');
  const out = path.join(root, 'out');
  const build = vi.fn(() => {
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'index.html'), '<html>');
    return Promise.resolve();
  });
  const run = (settings: Record<string, unknown> = { url: 'http://127.0.0.1:54321' }) =>
    cachedBuild({ root, inputs: ['src', 'package.json'], settings, stampDir: out, products: [path.join(out, 'index.html')], build });
  return { root, out, build, run };
}

describe('build cache', () => {
  it('builds the first time, reuses when nothing changed, rebuilds when a source, a setting or the output changed', async () => {
    const { root, out, build, run } = fixture();
    expect(await run()).toEqual({ rebuilt: true, reason: 'no previous build' });
    expect(fs.existsSync(path.join(out, STAMP_FILE))).toBe(true);
    expect(await run()).toEqual({ rebuilt: false, reason: 'inputs unchanged' });
    expect(build).toHaveBeenCalledTimes(1);

    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 2;');
    expect(await run()).toEqual({ rebuilt: true, reason: 'inputs changed' });
    expect(await run({ url: 'http://127.0.0.1:60000' })).toEqual({ rebuilt: true, reason: 'inputs changed' });
    expect(await run({ url: 'http://127.0.0.1:60000' })).toEqual({ rebuilt: false, reason: 'inputs unchanged' });

    fs.rmSync(path.join(out, 'index.html'));
    expect((await run({ url: 'http://127.0.0.1:60000' })).rebuilt).toBe(true);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('ignores build outputs inside the inputs; a new file counts', () => {
    const { root } = fixture();
    const before = inputFingerprint(root, ['src'], {});
    fs.writeFileSync(path.join(root, 'src', 'dist', 'old.js'), 'rebuilt');
    expect(inputFingerprint(root, ['src'], {})).toBe(before);
    fs.writeFileSync(path.join(root, 'src', 'b.ts'), '');
    expect(inputFingerprint(root, ['src'], {})).not.toBe(before);
  });

  it('a failed build leaves no stamp, so the next start builds again', async () => {
    const { out, run, build } = fixture();
    await run();
    fs.writeFileSync(path.join(out, 'index.html'), 'x');
    build.mockRejectedValueOnce(new Error('boom'));
    await expect(run({ url: 'changed' })).rejects.toThrow('boom');
    expect(fs.existsSync(path.join(out, STAMP_FILE))).toBe(false);
    expect((await run({ url: 'changed' })).rebuilt).toBe(true);
  });
});
