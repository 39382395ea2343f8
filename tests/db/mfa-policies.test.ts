import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, type Database } from '../../supabase/local/db/index.ts';
import { SchemaCache } from '../../supabase/local/rest/schema.ts';
import { createUser, openMigratedPglite } from './harness.ts';

// Two-factor authentication at the database: every public table with row-level security carries
// the restrictive aal2 policy (docs/security.md), so a table added later without it fails here.
// What the policy does for a real session is tested end to end in tests/integration/two-factor.test.ts.

let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openMigratedPglite());
}, 120_000);
afterAll(() => close());

describe('aal2 policies', () => {
  it('every public table with RLS has the restrictive mfa_aal2_when_enrolled policy for authenticated', async () => {
    const r = await db.query<{ table_name: string; policy: string | null; permissive: string | null; roles: string | null }>(
      `select c.relname as table_name, p.policyname as policy, p.permissive, p.roles::text as roles
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         left join pg_policies p on p.schemaname = 'public' and p.tablename = c.relname and p.policyname = 'mfa_aal2_when_enrolled'
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
        order by 1`,
    );
    expect(r.rows.length).toBeGreaterThan(10);
    const missing = r.rows.filter((row) => row.policy === null).map((row) => row.table_name);
    expect(missing, 'tables without the aal2 policy (see docs/security.md, Two-factor authentication)').toEqual([]);
    for (const row of r.rows) expect([row.permissive, row.roles]).toEqual(['RESTRICTIVE', '{authenticated}']);
  });

  it('storage.objects carries the same restrictive policy', async () => {
    const r = await db.query<{ permissive: string; roles: string }>(
      `select permissive, roles::text as roles from pg_policies where schemaname = 'storage' and tablename = 'objects' and policyname = 'mfa_aal2_when_enrolled'`,
    );
    expect(r.rows).toEqual([{ permissive: 'RESTRICTIVE', roles: '{authenticated}' }]);
  });
});

// PostgREST's db-pre-request (20261204900100_mfa_pre_request_gate.sql): set on the authenticator
// role as hosted reads it, found by the local REST's schema cache, and what it lets through.
describe('the pre-request gate', () => {
  it('is configured on the authenticator role and read by the local REST', async () => {
    const cache = await SchemaCache.load(db, 'public', {});
    expect(cache.preRequest).toBe('select "private"."db_pre_request"()');
  });

  it('refuses an aal1 session of a user with a verified factor; aal2, users without factors, anon and the service role pass', async () => {
    const enrolled = await createUser(db);
    const plain = await createUser(db);
    await db.query(`insert into auth.mfa_factors (user_id, friendly_name, status) values ($1, 'Phone', 'verified')`, [enrolled.id]);
    // An unverified enrolment asks for nothing.
    await db.query(`insert into auth.mfa_factors (user_id, friendly_name, status) values ($1, 'Phone', 'unverified')`, [plain.id]);
    const claims = (id: string, aal: string) => ({ sub: id, role: 'authenticated', aud: 'authenticated', aal });
    const gate = (role: 'anon' | 'authenticated' | 'service_role', c: Record<string, unknown>) =>
      asRole(db, role, c, (tx) => tx.query('select 1'), { preRequest: 'select "private"."db_pre_request"()' }).then(
        () => 'passed',
        (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
      );
    expect(await gate('authenticated', claims(enrolled.id, 'aal1'))).toBe('PT401: Enter your two-factor code to continue.');
    expect(await gate('authenticated', { sub: enrolled.id, role: 'authenticated' })).toBe('PT401: Enter your two-factor code to continue.');
    expect(await gate('authenticated', claims(enrolled.id, 'aal2'))).toBe('passed');
    expect(await gate('authenticated', claims(plain.id, 'aal1'))).toBe('passed');
    expect(await gate('anon', { role: 'anon' })).toBe('passed');
    expect(await gate('service_role', { role: 'service_role' })).toBe('passed');

    // Behind the gate, the restrictive policies still hold (a client that skipped it reads nothing).
    const rows = await asRole(db, 'authenticated', claims(enrolled.id, 'aal1'), (tx) =>
      tx.query('select user_id from public.profiles where user_id = $1', [enrolled.id]),
    );
    expect(rows.rows).toEqual([]);
  });
});
