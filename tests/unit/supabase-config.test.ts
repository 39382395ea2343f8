// supabase/config.toml loads in the pinned Supabase CLI (devDependency `supabase`,
// whose binary comes from the npm registry as @supabase/cli-linux-x64). `db push --dry-run` reads
// the config before it connects; port 1 on loopback refuses at once, so no database is needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(repoRoot, 'node_modules', '.bin', 'supabase');

function dryRun(workdir: string) {
  const r = spawnSync(cli, ['db', 'push', '--dry-run', '--remote=postgresql://probe@127.0.0.1:1/postgres', '--workdir', workdir, '--yes'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DO_NOT_TRACK: '1', CI: 'true' },
  });
  return `${r.stdout}\n${r.stderr}`;
}

describe('supabase/config.toml in the Supabase CLI', () => {
  it('the pinned CLI is installed', () => {
    const pinned = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies.supabase;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const r = spawnSync(cli, ['--version'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout.trim()).toBe(pinned);
  }, 70_000);

  it('loads without errors or deprecation warnings (it gets as far as connecting)', () => {
    const out = dryRun(repoRoot);
    expect(out).toContain('DRY RUN');
    expect(out).toMatch(/failed to connect/);
    expect(out).not.toMatch(/no longer supported|deprecated|unknown|invalid/i);
  }, 70_000);

  it('refuses the old [inbucket] section (the check can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-config-'));
    try {
      fs.mkdirSync(path.join(dir, 'supabase'));
      const toml = fs.readFileSync(path.join(repoRoot, 'supabase', 'config.toml'), 'utf8').replace('[local_smtp]', '[inbucket]');
      fs.writeFileSync(path.join(dir, 'supabase', 'config.toml'), toml);
      const out = dryRun(dir);
      expect(out).toMatch(/\[inbucket\] in supabase\/config\.toml is no longer supported/);
      expect(out).not.toContain('DRY RUN');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 70_000);
});
