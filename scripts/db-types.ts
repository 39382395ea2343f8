import fs from 'node:fs';
import path from 'node:path';
import { openFreshDatabase, REPO_ROOT } from './lib/fresh-database.ts';
import { renderDatabaseTypes, TYPES_FILE } from './lib/database-types.ts';

/**
 * `npm run db:types`: writes shared/data/database.types.ts, the supabase-js `Database` type of the
 * schema the migrations build (scripts/lib/database-types.ts). tests/db/generated-schema.test.ts
 * fails when the committed file differs from what the migrations give.
 */
const fresh = await openFreshDatabase();
try {
  await fresh.migrateThrough();
  const types = await renderDatabaseTypes(fresh.db);
  const before = fs.existsSync(TYPES_FILE) ? fs.readFileSync(TYPES_FILE, 'utf8') : null;
  fs.writeFileSync(TYPES_FILE, types);
  console.log(`${path.relative(REPO_ROOT, TYPES_FILE)}: ${before === types ? 'unchanged' : 'written'} (${types.split('\n').length} lines)`);
} finally {
  await fresh.close();
}
