// Hosted Supabase configures PostgREST in the database, through its connecting role:
// `alter role authenticator set pgrst.db_aggregates_enabled = 'true'` (then `notify pgrst`). The
// local bootstrap has the same role, so that statement runs unchanged here and the local REST reads
// it as PostgREST does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/index.ts';
import { SchemaCache } from '../../supabase/local/rest/schema.ts';
import { openMigratedPglite } from './harness.ts';

let db: Database;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openMigratedPglite());
}, 120_000);
afterAll(async () => close?.());

describe('the authenticator role (PostgREST in-database configuration)', () => {
  it('exists after bootstrap, cannot log in, and its pgrst settings switch aggregates on and off', async () => {
    const role = await db.query<{ rolcanlogin: boolean; rolinherit: boolean }>(
      `select rolcanlogin, rolinherit from pg_roles where rolname = 'authenticator'`,
    );
    expect(role.rows).toEqual([{ rolcanlogin: false, rolinherit: false }]);
    expect((await SchemaCache.load(db, 'public', {})).aggregatesEnabled).toBe(false);

    await db.query(`alter role authenticator set pgrst.db_aggregates_enabled = 'true'`);
    expect((await SchemaCache.load(db, 'public', {})).aggregatesEnabled).toBe(true);
    await db.query(`alter role authenticator reset pgrst.db_aggregates_enabled`);
    expect((await SchemaCache.load(db, 'public', {})).aggregatesEnabled).toBe(false);
  });
});
