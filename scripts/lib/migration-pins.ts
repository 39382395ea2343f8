import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Pins of the migrations: the SHA-256 of every file in supabase/migrations, committed in
 * supabase/migrations.lock.json. A migration that ran on a database (hosted or a developer's) is
 * never edited: the database would keep the old version, and a reader of the folder would see SQL
 * that never ran there. A change is a new timestamped file. The unit test
 * tests/unit/migrations-pinned.test.ts compares the folder with the pins; `npm run db:pin` pins new
 * files and never rewrites a pin.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase', 'migrations');
export const PINS_FILE = path.join(REPO_ROOT, 'supabase', 'migrations.lock.json');

export const PIN_RULE =
  'An applied migration is never edited: supabase/migrations.lock.json pins the SHA-256 of every file in supabase/migrations. ' +
  'To change the schema, add a new file supabase/migrations/<YYYYMMDDHHMMSS>_<name>.sql (its timestamp after the last one), ' +
  'then run `npm run db:pin` to add its hash (it never rewrites existing ones) and commit both.';

export interface PinsFile {
  $comment: string;
  /** File name in supabase/migrations → SHA-256 (hex) of its text, line endings as LF. */
  files: Record<string, string>;
}

/**
 * SHA-256 of a migration's text. CRLF is read as LF, so a checkout that converts line endings
 * (git's autocrlf on Windows) pins the same hash; any other byte counts.
 */
export function hashMigration(file: string): string {
  // latin1 maps each byte to one character and back: only the CRLF pairs change.
  const text = fs.readFileSync(file).toString('latin1').replace(/\r\n/g, '\n');
  return createHash('sha256').update(Buffer.from(text, 'latin1')).digest('hex');
}

/** Every file of the folder (name → hash), sorted by name: the order migrations apply in. */
export function currentMigrations(dir = MIGRATIONS_DIR): Map<string, string> {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  return new Map(names.map((name) => [name, hashMigration(path.join(dir, name))]));
}

export function readPins(file = PINS_FILE): Map<string, string> {
  if (!fs.existsSync(file)) return new Map();
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PinsFile>;
  return new Map(Object.entries(parsed.files ?? {}));
}

export interface PinCheck {
  /** Pinned files whose text changed since they were pinned. */
  changed: string[];
  /** Pinned files no longer in the folder. */
  missing: string[];
  /** Files in the folder without a pin, in name order. */
  unpinned: string[];
  /** Unpinned files named before the last pinned one: they would run out of order (or never, on a database that is ahead). */
  outOfOrder: string[];
}

export function checkPins(pins: Map<string, string>, current: Map<string, string>): PinCheck {
  const changed = [...pins].filter(([name, hash]) => current.has(name) && current.get(name) !== hash).map(([name]) => name);
  const missing = [...pins.keys()].filter((name) => !current.has(name));
  const unpinned = [...current.keys()].filter((name) => !pins.has(name));
  const lastPinned = [...pins.keys()].sort().at(-1);
  const outOfOrder = lastPinned === undefined ? [] : unpinned.filter((name) => name < lastPinned);
  return { changed, missing, unpinned, outOfOrder };
}

/** What is wrong with a check, one line each; empty when the folder and the pins agree. */
export function describeProblems(check: PinCheck, dirLabel = 'supabase/migrations'): string[] {
  return [
    ...check.changed.map((name) => `${dirLabel}/${name} was edited after it was pinned: restore it and put the change in a new migration.`),
    ...check.missing.map((name) => `${dirLabel}/${name} is pinned but gone: restore it (an applied migration is never removed).`),
    ...check.outOfOrder.map((name) => `${dirLabel}/${name} is new but named before the last pinned migration: give it a later timestamp.`),
    ...check.unpinned
      .filter((name) => !check.outOfOrder.includes(name))
      .map((name) => `${dirLabel}/${name} is not pinned yet: run \`npm run db:pin\` and commit supabase/migrations.lock.json.`),
  ];
}

function writePins(pins: Map<string, string>, file = PINS_FILE): void {
  const body: PinsFile = { $comment: PIN_RULE, files: Object.fromEntries([...pins].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
  fs.writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

/**
 * Adds the pins of new files and keeps every existing pin as it is. Refuses (and writes nothing)
 * when a pinned file changed or disappeared, or a new file is named before the last pinned one.
 */
export function pinNewMigrations(dir = MIGRATIONS_DIR, file = PINS_FILE): { added: string[]; problems: string[] } {
  const pins = readPins(file);
  const current = currentMigrations(dir);
  const check = checkPins(pins, current);
  const problems = describeProblems({ ...check, unpinned: [] });
  if (problems.length > 0) return { added: [], problems };
  if (check.unpinned.length === 0) return { added: [], problems: [] };
  const next = new Map(pins);
  for (const name of check.unpinned) next.set(name, current.get(name)!);
  writePins(next, file);
  return { added: check.unpinned, problems: [] };
}
