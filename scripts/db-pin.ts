import path from 'node:path';
import { MIGRATIONS_DIR, PIN_RULE, PINS_FILE, pinNewMigrations, REPO_ROOT } from './lib/migration-pins.ts';

/**
 * `npm run db:pin`: adds the SHA-256 of every new file in supabase/migrations to
 * supabase/migrations.lock.json. Existing pins are never rewritten: when a pinned migration was
 * edited or removed, or a new one is named before the last pinned one, it says so and changes nothing.
 */
const { added, problems } = pinNewMigrations(MIGRATIONS_DIR, PINS_FILE);
const lockFile = path.relative(REPO_ROOT, PINS_FILE);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${PIN_RULE}\n${lockFile} was not changed.`);
  process.exit(1);
}
if (added.length === 0) console.log(`Every migration is pinned already (${lockFile}).`);
else {
  console.log(`Pinned in ${lockFile}:`);
  for (const name of added) console.log(`  ${name}`);
}
