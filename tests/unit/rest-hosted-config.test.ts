// Pieces of /rest/v1 that mirror PostgREST without a database: the fuzzy "Perhaps you meant ..." hints
// (PostgREST's noRpcHint doctests, Error.hs) and how db-aggregates-enabled is configured (PostgREST's
// Config.hs: the in-database setting of the authenticator role wins over the environment).
import { describe, expect, it } from 'vitest';
import type { Queryable, QueryResult } from '../../supabase/local/db/index.ts';
import { closestMatch } from '../../supabase/local/rest/fuzzy.ts';
import { pgrstBool, SchemaCache } from '../../supabase/local/rest/schema.ts';

describe('fuzzy hints as PostgREST computes them', () => {
  const procs = ['test', 'another'];
  const params = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const overloads = [params(['val', 'param', 'name']), params(['id', 'attr'])];

  it('function names need a 0.75 similarity', () => {
    expect(closestMatch(procs, 'testt', 0.75)).toBe('test');
    expect(closestMatch(procs, 'other', 0.75)).toBeUndefined();
    expect(closestMatch(procs, 'noclosealternative', 0.75)).toBeUndefined();
  });

  it('parameter lists need 0.33', () => {
    expect(closestMatch(overloads, params(['vall', 'pqaram', 'nam']), 0.33)).toBe('(name, param, val)');
    expect(closestMatch(overloads, params(['val', 'param']), 0.33)).toBe('(name, param, val)');
    expect(closestMatch(overloads, params(['id', 'attrs']), 0.33)).toBe('(attr, id)');
    expect(closestMatch(overloads, params(['id']), 0.33)).toBe('(attr, id)');
    expect(closestMatch(overloads, params(['noclosealternative']), 0.33)).toBeUndefined();
  });
});

/** A database with an empty schema whose authenticator role has these settings. */
function catalogue(settings: { db_specific: boolean; setconfig: string[] }[]): Queryable {
  const result = <T>(rows: unknown[]): QueryResult<T> => ({ rows: rows as T[], rowCount: rows.length, fields: [] });
  return {
    query: <T>(sql: string) => {
      if (sql.includes(' as fp')) return Promise.resolve(result<T>([{ fp: 'fp' }]));
      if (sql.includes('pg_db_role_setting')) return Promise.resolve(result<T>(settings));
      return Promise.resolve(result<T>([]));
    },
    exec: () => Promise.resolve(),
  };
}

describe('db-aggregates-enabled', () => {
  const enabled = async (settings: { db_specific: boolean; setconfig: string[] }[], env: NodeJS.ProcessEnv = {}) =>
    (await SchemaCache.load(catalogue(settings), 'public', env)).aggregatesEnabled;

  it('is off by default (hosted Supabase too)', async () => {
    expect(await enabled([])).toBe(false);
  });

  it('PGRST_DB_AGGREGATES_ENABLED switches it on', async () => {
    expect(await enabled([], { PGRST_DB_AGGREGATES_ENABLED: 'true' })).toBe(true);
  });

  it("alter role authenticator set pgrst.db_aggregates_enabled wins over the environment; a database's own setting over the role's", async () => {
    expect(await enabled([{ db_specific: false, setconfig: ['pgrst.db_aggregates_enabled=true'] }])).toBe(true);
    expect(
      await enabled([{ db_specific: false, setconfig: ['pgrst.db_aggregates_enabled=false'] }], { PGRST_DB_AGGREGATES_ENABLED: 'true' }),
    ).toBe(false);
    expect(
      await enabled([
        { db_specific: false, setconfig: ['statement_timeout=8s', 'pgrst.db_aggregates_enabled=false'] },
        { db_specific: true, setconfig: ['pgrst.db_aggregates_enabled=TRUE'] },
      ]),
    ).toBe(true);
  });

  it("reads PostgREST's booleans: any case of true/false, or a number", () => {
    expect([pgrstBool('True'), pgrstBool('"false"'), pgrstBool('1'), pgrstBool('0'), pgrstBool('maybe'), pgrstBool(undefined)]).toEqual([
      true,
      false,
      true,
      false,
      undefined,
      undefined,
    ]);
  });
});
