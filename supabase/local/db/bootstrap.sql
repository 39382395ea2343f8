-- What a hosted Supabase project provides before any migration runs. Idempotent: runs on every start.
-- Not a migration: `supabase db push` must not ship it, the platform already has it.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then create role supabase_admin nologin; end if;
  -- PostgREST's connecting role on hosted Supabase, where its settings (`alter role authenticator set
  -- pgrst.db_aggregates_enabled = 'true'`) configure the API; the local REST reads them the same way.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator nologin noinherit; end if;
end $$;

-- The connecting role (PostgREST's "authenticator") must be able to switch into each request role.
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then null; -- already a member, or a superuser
end $$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- auth: the parts of GoTrue's schema the product and the local auth server use.
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
-- GoTrue's secure e-mail change (config.toml [auth.email] double_confirm_changes): a second token,
-- e-mailed to the current address, and how many of the two links were followed. Added for data dirs
-- made before these columns existed.
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
create unique index if not exists users_email_key on auth.users (lower(email));
create unique index if not exists users_phone_key on auth.users (phone);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

-- Multi-factor authentication as GoTrue keeps it (hosted has these before any migration, so a policy
-- may read auth.mfa_factors): each user's factors, their pending challenges, and each session's
-- assurance level (aal1 after a password, aal2 after a verified factor) and the factor that raised it.
create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp',
  status text not null default 'unverified',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  last_challenged_at timestamptz
);
-- Local only: the last 30-second step a code was accepted for, so an accepted code cannot be replayed.
alter table auth.mfa_factors add column if not exists last_used_step bigint;
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text not null default ''
);
alter table auth.sessions add column if not exists aal text default 'aal1';
alter table auth.sessions add column if not exists factor_id uuid;

-- As hosted GoTrue defines it: NULL when the request carries no claims, never '{}'.
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), auth.jwt() ->> 'sub')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''), auth.jwt() ->> 'role')::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select auth.jwt() ->> 'email'
$$;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- storage: the tables Supabase Storage keeps its metadata in; object bytes live on disk.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
create index if not exists objects_bucket_name_idx on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end $$;
create or replace function storage.filename(name text) returns text language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end $$;
create or replace function storage.extension(name text) returns text language plpgsql immutable as $$
declare _filename text;
begin
  select storage.filename(name) into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end $$;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

-- Hosted Storage's protect_delete rule: a plain SQL DELETE on storage.buckets or
-- storage.objects is refused unless the transaction set storage.allow_delete_query = 'true', as the
-- Storage API does for its own deletes (the bytes would otherwise be orphaned). Nothing local may
-- rely on a DELETE that hosted refuses.
create or replace function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
drop trigger if exists protect_buckets_delete on storage.buckets;
create trigger protect_buckets_delete before delete on storage.buckets for each statement execute function storage.protect_delete();
drop trigger if exists protect_objects_delete on storage.objects;
create trigger protect_objects_delete before delete on storage.objects for each statement execute function storage.protect_delete();

-- Where the Supabase CLI records applied migrations.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- The local REST layer's request guard (hosted Supabase has no need of it, its
-- statement_timeout cancels a runaway statement, which PGlite cannot do). Every row a REST read
-- builds, at every embed level, passes through row_guard(): past pgrst_local.row_cap rows the
-- response would be too large (PT413 -> HTTP 413), past pgrst_local.time_ms milliseconds the
-- statement stops as a timed-out one (57014). Both settings are set per request with the role.
create schema if not exists pgrst_local;
grant usage on schema pgrst_local to anon, authenticated, service_role;
-- The checks, called by row_guard() only on a row past the cap and on every 50th row.
create or replace function pgrst_local.row_guard_check(n integer) returns boolean
language plpgsql volatile as $$
declare
  cap integer := coalesce(nullif(pg_catalog.current_setting('pgrst_local.row_cap', true), ''), '0')::integer;
  ms integer := coalesce(nullif(pg_catalog.current_setting('pgrst_local.time_ms', true), ''), '0')::integer;
begin
  if cap > 0 and n > cap then
    raise exception 'The response is too large: more than % rows', cap
      using errcode = 'PT413', hint = 'Ask for fewer rows (limit) or fewer embedded resources.';
  end if;
  if ms > 0 and n % 50 = 0 and pg_catalog.clock_timestamp() - pg_catalog.statement_timestamp() > ms * interval '1 millisecond' then
    raise exception 'canceling statement due to statement timeout' using errcode = '57014';
  end if;
  return true;
end
$$;
revoke all on function pgrst_local.row_guard_check(integer) from public;
grant execute on function pgrst_local.row_guard_check(integer) to anon, authenticated, service_role;
-- Counts the row, then checks. A single SQL expression, so the planner inlines it into the
-- statement (a PL/pgSQL call per row cost the database about 9 µs a row on PGlite); CASE
-- evaluates its branches in order: the count first, then the cheap tests, the checks only past them.
create or replace function pgrst_local.row_guard() returns boolean
language sql volatile as $$
  select case
    when pg_catalog.set_config('pgrst_local.rows', (coalesce(nullif(pg_catalog.current_setting('pgrst_local.rows', true), ''), '0')::integer + 1)::text, true) is null then true
    when pg_catalog.current_setting('pgrst_local.rows', true)::integer % 50 = 0
      or pg_catalog.current_setting('pgrst_local.rows', true)::integer > coalesce(nullif(nullif(pg_catalog.current_setting('pgrst_local.row_cap', true), ''), '0'), '2147483647')::integer
      then pgrst_local.row_guard_check(pg_catalog.current_setting('pgrst_local.rows', true)::integer)
    else true
  end
$$;
revoke all on function pgrst_local.row_guard() from public;
grant execute on function pgrst_local.row_guard() to anon, authenticated, service_role;
