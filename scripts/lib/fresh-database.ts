import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../supabase/local/db/index.ts';
import { bootstrap, listMigrations, migrate } from '../../supabase/local/db/migrate.ts';
import { captureBaseline, type Baseline } from './schema-snapshot.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase', 'migrations');

/**
 * A new PGlite database in a temp dir, as the generated files (supabase/schema.sql,
 * shared/data/database.types.ts) and their tests see it: supabase/local/db/bootstrap.sql (what the
 * platform provides), the baseline of what that created, then the migrations. No seed: the
 * generated files describe the schema, not its rows.
 */
export interface FreshDatabase {
  db: Database;
  /** What bootstrap.sql created: left out of the schema snapshot. */
  baseline: Baseline;
  /** Applies the migrations not applied yet up to `version` (inclusive), or all of them. */
  migrateThrough(version?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function openFreshDatabase(): Promise<FreshDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-db-'));
  const db = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
  try {
    await bootstrap(db);
    const baseline = await captureBaseline(db);
    return {
      db,
      baseline,
      migrateThrough: (version) => migrateThrough(db, dir, version),
      close: async () => {
        await db.close().catch(() => undefined);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await db.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** The migrations through `version`, linked into a folder of their own: migrate() applies every file of a folder. */
async function migrateThrough(db: Database, dir: string, version: string | undefined): Promise<string[]> {
  if (version === undefined) return migrate(db, { migrationsDirs: [MIGRATIONS_DIR] });
  const subset = fs.mkdtempSync(path.join(dir, 'migrations-'));
  try {
    const files = listMigrations([MIGRATIONS_DIR]).filter((m) => m.version <= version);
    if (!files.some((m) => m.version === version)) throw new Error(`no migration ${version} in ${MIGRATIONS_DIR}`);
    for (const m of files) fs.symlinkSync(m.file, path.join(subset, path.basename(m.file)));
    return await migrate(db, { migrationsDirs: [subset] });
  } finally {
    fs.rmSync(subset, { recursive: true, force: true });
  }
}
