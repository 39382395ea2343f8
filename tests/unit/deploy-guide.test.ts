// docs/deploying.md must work as written: its commands use only flags the pinned Supabase CLI has
// (and `db push` reaches the hosted project, not the local default), its storage paragraph names
// every migration that changes storage tables' policies or triggers, and supabase/config.toml's
// Postgres major is the one the docs call hosted's current major.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const cli = path.join(repoRoot, 'node_modules', '.bin', 'supabase');
const read = (...p: string[]) => fs.readFileSync(path.join(repoRoot, ...p), 'utf8');
const guide = read('docs', 'deploying.md');

/** The `npx supabase ...` lines of the guide's code blocks, without comments. */
function cliCommands(): string[][] {
  const blocks = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks
    .flatMap((b) => b.split('\n'))
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('npx supabase '))
    .map((line) => line.split(/\s+/).slice(2));
}

function help(words: string[]): string {
  const r = spawnSync(cli, [...words, '--help'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, DO_NOT_TRACK: '1' } });
  return `${r.stdout}\n${r.stderr}`;
}

describe('docs/deploying.md', () => {
  it('uses only flags the pinned CLI lists, and db push targets the linked project (--remote)', () => {
    const commands = cliCommands();
    const subcommandOf = (words: string[]) => words.filter((w) => /^[a-z][a-z-]*$/.test(w));
    expect(commands.map((c) => subcommandOf(c).join(' '))).toEqual(['link', 'db push', 'functions deploy', 'secrets set', 'secrets set']);
    for (const words of commands) {
      const subcommand = subcommandOf(words);
      const text = help(subcommand);
      expect(text, subcommand.join(' ')).toMatch(/USAGE/);
      for (const flag of words.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0]))
        expect(text, `${subcommand.join(' ')} ${flag}`).toContain(flag);
    }
    const push = commands.find((c) => c[0] === 'db' && c[1] === 'push')!;
    expect(push).toContain('--remote');
    expect(help(['db', 'push'])).toMatch(/Local by default/);
  }, 120_000);

  it('names every migration that creates, alters or drops a policy or trigger on a storage table', () => {
    const dir = path.join(repoRoot, 'supabase', 'migrations');
    const touching = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .filter((f) =>
        /\b(create|alter|drop)\s+(policy|trigger)\b[^;]*?\bon\s+"?storage"?\./i.test(fs.readFileSync(path.join(dir, f), 'utf8')),
      )
      .sort();
    expect(touching.length).toBeGreaterThan(0);
    const paragraph = /- \*\*Storage policies and triggers\*\*[\s\S]*?(?=\n- \*\*)/.exec(guide)?.[0] ?? '';
    for (const f of touching) expect(paragraph, f).toContain(`\`${f}\``);
    expect(paragraph).toContain('forget_removed_settings_icon');
  });
});

describe('supabase/config.toml', () => {
  it("[db] major_version is the Postgres major docs/local-stack.md calls hosted's current", () => {
    const hosted = /\*\*PostgreSQL (\d+)\*\*, hosted's current major/.exec(read('docs', 'local-stack.md'))?.[1];
    expect(hosted).toBeDefined();
    const db = /^\[db\]\s*$([\s\S]*?)(?=^\[)/m.exec(read('supabase', 'config.toml'))?.[1] ?? '';
    expect(/^\s*major_version\s*=\s*(\d+)/m.exec(db)?.[1]).toBe(hosted);
  });
});
