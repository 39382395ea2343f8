import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPins,
  currentMigrations,
  describeProblems,
  hashMigration,
  PIN_RULE,
  pinNewMigrations,
  readPins,
} from '../../scripts/lib/migration-pins.ts';

/**
 * An applied migration is never edited (ARCHITECTURE.md): supabase/migrations.lock.json pins the
 * SHA-256 of every migration, and this fails when a pinned file changed or disappeared, or a new
 * one is not pinned yet. How to add a migration is in the failure message (PIN_RULE).
 */
describe('supabase/migrations matches its pins (supabase/migrations.lock.json)', () => {
  it('no pinned migration was edited or removed, and every migration is pinned', () => {
    const pins = readPins();
    expect(pins.size, 'supabase/migrations.lock.json has no pins').toBeGreaterThan(0);
    const problems = describeProblems(checkPins(pins, currentMigrations()));
    expect(problems.length === 0 ? '' : `${problems.join('\n')}\n\n${PIN_RULE}`).toBe('');
  });
});

describe('migration pins (scripts/lib/migration-pins.ts, npm run db:pin)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function project(files: Record<string, string>) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-pins-'));
    dirs.push(root);
    const dir = path.join(root, 'migrations');
    fs.mkdirSync(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return { dir, lock: path.join(root, 'migrations.lock.json') };
  }

  it('pins new files, then sees an edit, a removal and an unpinned file', () => {
    const { dir, lock } = project({ '001_a.sql': 'create table a ();\n', '002_b.sql': 'create table b ();\n' });
    expect(pinNewMigrations(dir, lock)).toEqual({ added: ['001_a.sql', '002_b.sql'], problems: [] });
    expect(checkPins(readPins(lock), currentMigrations(dir))).toEqual({ changed: [], missing: [], unpinned: [], outOfOrder: [] });

    fs.appendFileSync(path.join(dir, '001_a.sql'), 'alter table a add column x int;\n');
    fs.rmSync(path.join(dir, '002_b.sql'));
    fs.writeFileSync(path.join(dir, '003_c.sql'), 'create table c ();\n');
    const check = checkPins(readPins(lock), currentMigrations(dir));
    expect(check).toEqual({ changed: ['001_a.sql'], missing: ['002_b.sql'], unpinned: ['003_c.sql'], outOfOrder: [] });
    const problems = describeProblems(check).join('\n');
    expect(problems).toMatch(/001_a\.sql was edited after it was pinned/);
    expect(problems).toMatch(/002_b\.sql is pinned but gone/);
    expect(problems).toMatch(/003_c\.sql is not pinned yet: run `npm run db:pin`/);
  });

  it('db:pin never rewrites a pin: with an edited migration it changes nothing', () => {
    const { dir, lock } = project({ '001_a.sql': 'create table a ();\n' });
    pinNewMigrations(dir, lock);
    const before = fs.readFileSync(lock, 'utf8');
    fs.writeFileSync(path.join(dir, '001_a.sql'), 'create table a (id int);\n');
    fs.writeFileSync(path.join(dir, '002_b.sql'), 'create table b ();\n');
    const result = pinNewMigrations(dir, lock);
    expect(result.added).toEqual([]);
    expect(result.problems.join('\n')).toMatch(/001_a\.sql was edited/);
    expect(fs.readFileSync(lock, 'utf8')).toBe(before);
  });

  it('db:pin appends a new file and keeps the existing pins byte for byte', () => {
    const { dir, lock } = project({ '001_a.sql': 'create table a ();\n' });
    pinNewMigrations(dir, lock);
    const pinnedA = readPins(lock).get('001_a.sql');
    fs.writeFileSync(path.join(dir, '002_b.sql'), 'create table b ();\n');
    expect(pinNewMigrations(dir, lock)).toEqual({ added: ['002_b.sql'], problems: [] });
    expect(readPins(lock)).toEqual(
      new Map([
        ['001_a.sql', pinnedA],
        ['002_b.sql', hashMigration(path.join(dir, '002_b.sql'))],
      ]),
    );
  });

  it('refuses a new file named before the last pinned one (it would run out of order)', () => {
    const { dir, lock } = project({ '002_b.sql': 'create table b ();\n' });
    pinNewMigrations(dir, lock);
    fs.writeFileSync(path.join(dir, '001_a.sql'), 'create table a ();\n');
    const result = pinNewMigrations(dir, lock);
    expect(result.added).toEqual([]);
    expect(result.problems.join('\n')).toMatch(/001_a\.sql is new but named before the last pinned migration/);
  });

  it('hashes the text: CRLF line endings pin as LF, any other byte counts', () => {
    const { dir } = project({
      'lf.sql': 'select 1;\nselect 2;\n',
      'crlf.sql': 'select 1;\r\nselect 2;\r\n',
      'other.sql': 'select 1;\nselect 3;\n',
    });
    expect(hashMigration(path.join(dir, 'crlf.sql'))).toBe(hashMigration(path.join(dir, 'lf.sql')));
    expect(hashMigration(path.join(dir, 'other.sql'))).not.toBe(hashMigration(path.join(dir, 'lf.sql')));
  });
});
