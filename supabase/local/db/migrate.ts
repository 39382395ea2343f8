import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Database } from './index.ts';

const bootstrapSql = fs.readFileSync(path.join(import.meta.dirname, 'bootstrap.sql'), 'utf8');

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

/** `<version>_<name>.sql`, in version order, from each folder (later folders may add test-only files). */
export function listMigrations(dirs: string[]): MigrationFile[] {
  const out: MigrationFile[] = [];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir)) {
      const m = /^(\d+)_(.+)\.sql$/.exec(f);
      if (m) out.push({ version: m[1], name: m[2], file: path.join(dir, f) });
    }
  }
  return out.sort((a, b) => a.version.localeCompare(b.version));
}

export async function bootstrap(db: Database): Promise<void> {
  await db.exec(bootstrapSql);
}

/**
 * Applies the Supabase-provided bootstrap, then each migration not yet recorded (once, in order,
 * each in its own transaction), then seed.sql on first init. Returns the versions applied now.
 */
export async function migrate(
  db: Database,
  opts: { migrationsDirs: string[]; seedFile?: string; log?: (msg: string) => void },
): Promise<string[]> {
  await bootstrap(db);
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const firstInit = done.size === 0;
  const applied: string[] = [];
  for (const m of listMigrations(opts.migrationsDirs)) {
    if (done.has(m.version)) continue;
    const sql = fs.readFileSync(m.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          m.version,
          m.name,
          [sql],
        ]);
      });
    } catch (e) {
      throw new Error(`Migration ${path.basename(m.file)} failed: ${(e as Error).message}`);
    }
    opts.log?.(`applied migration ${path.basename(m.file)}`);
    applied.push(m.version);
  }
  if (firstInit && opts.seedFile && fs.existsSync(opts.seedFile)) {
    const seed = fs.readFileSync(opts.seedFile, 'utf8');
    const hash = createHash('sha256').update(seed).digest('hex');
    await db.transaction(async (tx) => {
      await tx.exec(seed);
      await tx.query(
        'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
        ['supabase/seed.sql', hash],
      );
    });
    opts.log?.('applied seed.sql');
  }
  return applied;
}
