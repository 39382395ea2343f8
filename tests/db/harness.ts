import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asRole, isPgError, openDatabase, type Database, type Queryable, type RequestRole } from '../../supabase/local/db/index.ts';
import { migrate } from '../../supabase/local/db/migrate.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const migrationsDir = path.join(repoRoot, 'supabase', 'migrations');
export const seedFile = path.join(repoRoot, 'supabase', 'seed.sql');

/** Who runs a statement: a signed-in user, the anonymous key, or the service role. */
export type Actor = { kind: 'user'; user: TestUser } | { kind: 'anon' } | { kind: 'service' };

export interface TestUser {
  id: string;
  email: string;
  username?: string;
}

export const anon: Actor = { kind: 'anon' };
export const service: Actor = { kind: 'service' };
export const as = (user: TestUser): Actor => ({ kind: 'user', user });

function claimsOf(actor: Actor): { role: RequestRole; claims: Record<string, unknown> } {
  if (actor.kind === 'anon') return { role: 'anon', claims: { role: 'anon' } };
  if (actor.kind === 'service') return { role: 'service_role', claims: { role: 'service_role' } };
  return { role: 'authenticated', claims: { sub: actor.user.id, role: 'authenticated', aud: 'authenticated', email: actor.user.email } };
}

/** Runs `fn` exactly as the REST layer runs a request for this actor (one transaction). */
export function run<T>(db: Database, actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const { role, claims } = claimsOf(actor);
  return asRole(db, role, claims, fn);
}

/** One statement as `actor`: rows and affected count, or the Postgres error (SQLSTATE) it raised. */
export interface Outcome<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
  error?: { code: string; message: string };
}

export async function attempt<T = Record<string, unknown>>(
  db: Database,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome<T>> {
  try {
    const r = await run(db, actor, (tx) => tx.query<T>(sql, params));
    return { rows: r.rows, rowCount: r.rowCount };
  } catch (e) {
    if (isPgError(e)) return { rows: [], rowCount: 0, error: { code: e.code as string, message: e.message } };
    throw e;
  }
}

/**
 * A DELETE as the Storage API sends it: hosted's protect_delete trigger (bootstrap.sql) refuses a
 * plain SQL DELETE on storage.objects unless the transaction set storage.allow_delete_query; the
 * policies decide the rest. Same outcome shape as `attempt`, in the actor's one transaction.
 */
export async function attemptStorageDelete(db: Database, actor: Actor, params: unknown[]): Promise<Outcome> {
  try {
    const r = await run(db, actor, async (tx) => {
      await tx.query("select pg_catalog.set_config('storage.allow_delete_query', 'true', true)");
      return tx.query('delete from storage.objects where bucket_id = $1 and name = $2', params);
    });
    return { rows: r.rows, rowCount: r.rowCount };
  } catch (e) {
    if (isPgError(e)) return { rows: [], rowCount: 0, error: { code: e.code as string, message: e.message } };
    throw e;
  }
}

/** Reads as the service role (bypasses RLS): the ground truth after an attempt. */
export async function truth<T = Record<string, unknown>>(db: Database, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await run(db, service, (tx) => tx.query<T>(sql, params))).rows;
}

/** Creates an account the way the auth service does: a row in auth.users (the trigger does the rest). */
export async function createUser(
  db: Database,
  opts: { firstName?: string; lastName?: string; username?: string; email?: string } = {},
): Promise<TestUser> {
  const tag = randomUUID().slice(0, 8);
  const email = opts.email ?? `user-${tag}@example.test`;
  const r = await db.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data, aud, role)
     values ($1, '$2a$10$abcdefghijklmnopqrstuu8Ts0E8mQ8a8lH7gE4yD0sZPp3a1W5yC', now(), $2::jsonb, 'authenticated', 'authenticated') returning id`,
    [email, JSON.stringify({ first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? tag })],
  );
  const user: TestUser = { id: r.rows[0].id, email };
  if (opts.username) {
    await db.query('update public.profiles set username = $2 where user_id = $1', [user.id, opts.username]);
    user.username = opts.username;
  }
  return user;
}

export async function makeAdmin(db: Database, user: TestUser): Promise<void> {
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`, [user.id]);
}

export async function systemCategory(db: Database, user: TestUser, key: 'saved' | 'incoming' | 'approved' | 'rejected'): Promise<string> {
  const rows = await truth<{ id: string }>(db, 'select id from public.categories where user_id = $1 and system_key = $2', [user.id, key]);
  if (!rows[0]) throw new Error(`no ${key} category for ${user.email}`);
  return rows[0].id;
}

export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
export const uniqueUsername = (prefix = 'u') => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A fresh in-process PGlite in a temp dir with bootstrap, every migration and the seed applied. */
export async function openMigratedPglite(): Promise<{ db: Database; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'db-test-'));
  const db = await openDatabase({ dataDir: dir });
  await migrate(db, { migrationsDirs: [migrationsDir], seedFile });
  return {
    db,
    close: async () => {
      await db.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
