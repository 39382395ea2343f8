import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../supabase/local/db/migrate.ts';
import { MIGRATIONS_DIR, openFreshDatabase, REPO_ROOT, type FreshDatabase } from '../../scripts/lib/fresh-database.ts';
import { readPolicies, renderSchemaSnapshot, SCHEMA_FILE, type PolicyRow } from '../../scripts/lib/schema-snapshot.ts';
import { renderDatabaseTypes, TYPES_FILE } from '../../scripts/lib/database-types.ts';
import { bareAuthCalls, wrapAuthCalls } from '../../scripts/lib/auth-initplan.ts';
import { staleFileReport } from '../../scripts/lib/generated-file.ts';
import {
  DENSITIES,
  MAIN_PHOTO_SIZES,
  PAGE_VISIBILITIES,
  SHARED_LINK_STATUSES,
  SOCIAL_PLATFORMS,
  STUDIO_THEMES,
  SYSTEM_CATEGORY_KEYS,
  THEMES,
  USER_ROLES,
} from '../../shared/constants.ts';
import type { TableName, Tables } from '../../shared/data/database.ts';

/**
 * A CHECK-constrained column whose type shared/data/database.ts narrows to a union of
 * shared/constants.ts: `values` must be of the column's (narrowed) type.
 */
const checked = <T extends TableName, C extends keyof Tables<T> & string>(
  table: T,
  column: C,
  values: ReadonlyArray<NonNullable<Tables<T>[C]>>,
) => ({ table, column, values: [...values] as string[] });

const CHECKED_COLUMNS = [
  checked('categories', 'system_key', SYSTEM_CATEGORY_KEYS),
  checked('shared_links', 'status', SHARED_LINK_STATUSES),
  checked('shared_links', 'social_platform', SOCIAL_PLATFORMS),
  checked('user_appearance_settings', 'theme', THEMES),
  checked('user_appearance_settings', 'density', DENSITIES),
  checked('user_privacy_settings', 'public_page_visibility', PAGE_VISIBILITIES),
  checked('user_roles', 'role', USER_ROLES),
  checked('webpage_settings', 'main_photo_size', MAIN_PHOTO_SIZES),
  checked('webpage_settings', 'theme_mode', STUDIO_THEMES),
];

/**
 * What is generated from the migrations stays in step with them: supabase/schema.sql
 * (`npm run db:schema`) and shared/data/database.types.ts (`npm run db:types`) are exactly what a
 * fresh database with every migration gives, and every RLS policy calls auth.uid() & co. once per
 * statement (Supabase's auth_rls_initplan advice).
 *
 * One fresh PGlite for all of it: bootstrap, the migrations up to the one that wrapped the policies'
 * auth.uid() calls, that one (policies read before and after), then the rest.
 */
const WRAP_MIGRATION = '20261201100000';
const beforeWrap = listMigrations([MIGRATIONS_DIR])
  .map((m) => m.version)
  .filter((v) => v < WRAP_MIGRATION)
  .at(-1);

function committed(file: string): string | null {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

describe('generated from the migrations', () => {
  let fresh: FreshDatabase;
  let policiesBefore: PolicyRow[];
  let policiesAfter: PolicyRow[];
  beforeAll(async () => {
    fresh = await openFreshDatabase();
    await fresh.migrateThrough(beforeWrap);
    policiesBefore = await readPolicies(fresh.db);
    await fresh.migrateThrough(WRAP_MIGRATION);
    policiesAfter = await readPolicies(fresh.db);
    await fresh.migrateThrough();
  });
  afterAll(async () => fresh?.close());

  it('supabase/schema.sql is the schema the migrations build (npm run db:schema)', async () => {
    const generated = await renderSchemaSnapshot(fresh.db, fresh.baseline);
    const report = staleFileReport(path.relative(REPO_ROOT, SCHEMA_FILE), committed(SCHEMA_FILE), generated, 'npm run db:schema');
    if (report) throw new Error(report);
    // Sanity: the snapshot holds what the brief says it holds.
    expect(generated).toMatch(/^CREATE TABLE public\.links \(/m);
    expect(generated).toMatch(/^CREATE OR REPLACE FUNCTION public\.list_links\(/m);
    expect(generated).toMatch(/^CREATE POLICY "link previews: read own folder" ON storage\.objects$/m);
    expect(generated).toMatch(/^CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth\.users /m);
    expect(generated).toMatch(/^INSERT INTO storage\.buckets /m);
    // Each function once, in its final form, however often the migrations redefined it.
    const definitions = generated.match(/^CREATE OR REPLACE FUNCTION public\.list_links\(/gm) ?? [];
    expect(definitions).toHaveLength(1);
  });

  it('the snapshot is deterministic: rendering twice gives the same text', async () => {
    expect(await renderSchemaSnapshot(fresh.db, fresh.baseline)).toBe(await renderSchemaSnapshot(fresh.db, fresh.baseline));
  });

  it('shared/data/database.types.ts is what Supabase generates for the migrations (npm run db:types)', async () => {
    const generated = await renderDatabaseTypes(fresh.db);
    const report = staleFileReport(path.relative(REPO_ROOT, TYPES_FILE), committed(TYPES_FILE), generated, 'npm run db:types');
    if (report) throw new Error(report);
    expect(generated).toContain('export type Database = {');
  });

  it('the unions shared/data/database.ts narrows CHECK-constrained columns to are the values the constraints allow', async () => {
    const { rows } = await fresh.db.query<{ rel: string; def: string }>(
      `select c.conrelid::regclass::text as rel, pg_get_constraintdef(c.oid) as def
         from pg_constraint c where c.contype = 'c' and c.connamespace = 'public'::regnamespace`,
    );
    for (const { table, column, values } of CHECKED_COLUMNS) {
      // The constraint that lists the column's values: `column = ANY (ARRAY['a'::text, ...])` or `column = 'a'::text`.
      const defs = rows.filter((r) => r.rel === table && new RegExp(`\\(${column} = (ANY \\(ARRAY\\[)?'`).test(r.def)).map((r) => r.def);
      expect(defs, `${table}.${column}`).toHaveLength(1);
      const allowed = [...defs[0].matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
      expect(allowed.sort(), `${table}.${column}`).toEqual([...values].sort());
    }
  });

  it('no RLS policy calls auth.uid(), auth.jwt(), auth.role() or auth.email() outside a scalar subquery', async () => {
    const policies = await readPolicies(fresh.db);
    expect(policies.length).toBeGreaterThan(40);
    const perRow = policies.flatMap((p) =>
      [...bareAuthCalls(p.qual), ...bareAuthCalls(p.with_check)].map((call) => `${p.rel} ${p.name}: ${call}, write (select ${call})`),
    );
    expect(perRow).toEqual([]);
  });

  it(`${WRAP_MIGRATION} only wrapped the auth calls: same policies, commands, roles and expressions otherwise`, () => {
    expect(beforeWrap).toBeDefined();
    const key = (p: PolicyRow) => `${p.rel} ${p.name}`;
    expect(policiesAfter.map(key)).toEqual(policiesBefore.map(key));
    const expected = policiesBefore.map((p) => ({
      ...p,
      qual: p.qual === null ? null : wrapAuthCalls(p.qual),
      with_check: p.with_check === null ? null : wrapAuthCalls(p.with_check),
    }));
    expect(policiesAfter).toEqual(expected);
    // It did change something: the policies it recreated called auth.uid() per row before.
    const changed = policiesBefore.filter((p, i) => p.qual !== policiesAfter[i].qual || p.with_check !== policiesAfter[i].with_check);
    expect(changed.length).toBeGreaterThanOrEqual(30);
  });
});

describe('auth call detection (scripts/lib/auth-initplan.ts)', () => {
  it('finds bare calls and keeps the scalar subquery form', () => {
    expect(bareAuthCalls('(user_id = auth.uid())')).toEqual(['auth.uid()']);
    expect(bareAuthCalls('(user_id = ( SELECT auth.uid() AS uid))')).toEqual([]);
    expect(bareAuthCalls("((auth.jwt() ->> 'role'::text) = 'admin'::text)")).toEqual(['auth.jwt()']);
    expect(bareAuthCalls("(current_setting('request.jwt.claims'::text, true) IS NOT NULL)")).toEqual([
      "current_setting('request.jwt.claims'::text, true)",
    ]);
    expect(bareAuthCalls(null)).toEqual([]);
  });

  it('wraps calls as Postgres deparses (select auth.uid())', () => {
    expect(wrapAuthCalls('((foldername(name))[1] = (auth.uid())::text)')).toBe(
      '((foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)',
    );
    expect(wrapAuthCalls('((owner_id = auth.uid()) OR (x = ( SELECT auth.uid() AS uid)))')).toBe(
      '((owner_id = ( SELECT auth.uid() AS uid)) OR (x = ( SELECT auth.uid() AS uid)))',
    );
    expect(wrapAuthCalls('(auth.role() = ANY (ARRAY[auth.email()]))')).toBe(
      '(( SELECT auth.role() AS role) = ANY (ARRAY[( SELECT auth.email() AS email)]))',
    );
  });
});
