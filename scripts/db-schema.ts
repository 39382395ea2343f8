import fs from 'node:fs';
import path from 'node:path';
import { openFreshDatabase, REPO_ROOT } from './lib/fresh-database.ts';
import { renderSchemaSnapshot, SCHEMA_FILE } from './lib/schema-snapshot.ts';

/**
 * `npm run db:schema`: writes supabase/schema.sql, the live definition of every object the
 * migrations create, from a fresh PGlite database with every migration applied
 * (scripts/lib/schema-snapshot.ts). tests/db/generated-schema.test.ts fails when the committed file
 * differs from what the migrations give.
 */
const fresh = await openFreshDatabase();
try {
  await fresh.migrateThrough();
  const sql = await renderSchemaSnapshot(fresh.db, fresh.baseline);
  const before = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : null;
  fs.writeFileSync(SCHEMA_FILE, sql);
  console.log(`${path.relative(REPO_ROOT, SCHEMA_FILE)}: ${before === sql ? 'unchanged' : 'written'} (${sql.split('\n').length} lines)`);
} finally {
  await fresh.close();
}
