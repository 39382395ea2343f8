import type { Queryable } from '../db/index.ts';

/** The auth.users columns this service reads. Timestamps arrive as Date (both drivers). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  /** The token e-mailed to the current address of a secure e-mail change ('' or null: none). */
  email_change_token_current: string | null;
  /** How many of a secure e-mail change's two links were followed (GoTrue: 0 or 1). */
  email_change_confirm_status: number | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const iso = (d: Date | string | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);
export const nowIso = (now: () => number) => new Date(now()).toISOString();

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const r = await db.query<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id]);
  return r.rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const r = await db.query<UserRow>('select * from auth.users where lower(email) = lower($1) and deleted_at is null', [email]);
  return r.rows[0];
}

export async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>('select * from auth.identities where user_id = $1 order by created_at', [userId]);
  return r.rows;
}

export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export function isBanned(user: UserRow, nowMs: number): boolean {
  return !!user.banned_until && new Date(user.banned_until).getTime() > nowMs;
}

function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data ?? {},
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email ?? undefined,
  };
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
  last_used_step: string | number | null;
}

/** A factor as GoTrue lists it in the user object: never its secret. */
function factorJson(f: FactorRow) {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  };
}

export async function factorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  const r = await db.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId]);
  return r.rows;
}

/** The user object GoTrue returns (null timestamps and an empty factor list omitted, as Go's `omitempty` does). */
export function userJson(u: UserRow, identities: IdentityRow[], factors: FactorRow[] = []) {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at ?? u.phone_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: u.email_change ? iso(u.email_change_sent_at) : undefined,
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    factors: factors.length ? factors.map(factorJson) : undefined,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    is_anonymous: u.is_anonymous ?? false,
  };
}

export type UserJson = ReturnType<typeof userJson>;

export async function loadUserJson(db: Queryable, id: string): Promise<UserJson | undefined> {
  const u = await findUserById(db, id);
  return u ? userJson(u, await identitiesOf(db, u.id), await factorsOf(db, u.id)) : undefined;
}

/**
 * GoTrue's metadata update: each key given is set, a key given as null is removed, others stay.
 * (Admin `app_metadata` and user `data` both work this way.)
 */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmedAt: string | null;
  provider: string;
  /** For an OAuth user: the provider's id and profile. Email users get their own id as provider_id. */
  providerId?: string;
  identityData?: Record<string, unknown>;
  role?: string;
}

/**
 * Inserts the user and its identity in one statement each, in the caller's transaction, so any
 * trigger the product migrations put on auth.users (profile rows...) runs as on hosted Supabase.
 */
export async function insertUser(tx: Queryable, u: NewUser, now: string): Promise<UserRow> {
  const r = await tx.query<UserRow>(
    `insert into auth.users (instance_id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', 'authenticated', $1, $2, $3, $4, $5, $6, $7, $7, false) returning *`,
    [u.role ?? 'authenticated', u.email, u.passwordHash, u.confirmedAt, JSON.stringify(u.appMetadata), JSON.stringify(u.userMetadata), now],
  );
  const user = r.rows[0];
  const identityData = u.identityData ?? { sub: user.id, email: u.email, email_verified: !!u.confirmedAt, phone_verified: false };
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values ($1, $2, $3, $4, $5, $5, $5)`,
    [u.providerId ?? user.id, user.id, JSON.stringify(identityData), u.provider, now],
  );
  return user;
}

/** Keeps the email identity's copy of the address and its verified flag in step with the user row. */
export async function syncEmailIdentity(tx: Queryable, userId: string, email: string, verified: boolean, now: string): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean), updated_at = $4
     where user_id = $1 and provider = 'email'`,
    [userId, email, verified, now],
  );
}
