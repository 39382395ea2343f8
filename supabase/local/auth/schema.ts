import type { Database } from '../db/index.ts';

/**
 * Tables GoTrue migrates into the auth schema itself and bootstrap.sql does not create: PKCE flow
 * state and the per-session authentication methods (the `amr` claim survives a token refresh).
 * Like GoTrue, the auth service owns these and creates them on start; idempotent.
 */
export async function ensureAuthSchema(db: Database): Promise<void> {
  await db.exec(`
    create table if not exists auth.flow_state (
      id uuid primary key,
      user_id uuid references auth.users (id) on delete cascade,
      auth_code text not null unique,
      code_challenge_method text not null,
      code_challenge text not null,
      provider_type text not null,
      provider_access_token text,
      authentication_method text not null,
      auth_code_issued_at timestamptz,
      created_at timestamptz default now(),
      updated_at timestamptz default now()
    );
    create table if not exists auth.mfa_amr_claims (
      id uuid primary key default gen_random_uuid(),
      session_id uuid not null references auth.sessions (id) on delete cascade,
      authentication_method text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (session_id, authentication_method)
    );
  `);
}
