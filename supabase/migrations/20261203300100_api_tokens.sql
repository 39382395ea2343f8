-- Personal API tokens (Settings → Integrations) for the links-api edge function.
--
-- A token is 'lv_' + 64 hex characters (two gen_random_uuid() values, each 122 random bits from the
-- server's CSPRNG), made here and answered once; only its SHA-256 (hex) is stored, so a leak of this
-- table gives nobody a usable token. The owner sees name, scope, prefix, creation, last use and
-- revocation (never the hash), and revokes by setting revoked_at; a revoked token stays revoked.
-- The API's calls run here, security definer and service role only, each starting with
-- api_token_user(): the token's user, its scope, a per-user rate limit; every read and write is then
-- bounded to that user, as row-level security bounds a signed-in client.

create table public.api_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  scope text not null,
  token_hash text not null unique,
  token_prefix text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  constraint api_tokens_name_length check (char_length(btrim(name)) between 1 and 60),
  constraint api_tokens_scope_values check (scope in ('read', 'read_write')),
  constraint api_tokens_hash_format check (token_hash ~ '^[0-9a-f]{64}$')
);
create index api_tokens_user_idx on public.api_tokens (user_id, created_at desc);

alter table public.api_tokens enable row level security;

create policy api_tokens_select_own on public.api_tokens
  for select to authenticated using (user_id = (select auth.uid()));
-- Revoking is the only change: the new row must be revoked (an un-revoke fails the check).
create policy api_tokens_revoke_own on public.api_tokens
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and revoked_at is not null);

revoke all on public.api_tokens from public, anon, authenticated;
grant select (id, user_id, name, scope, token_prefix, created_at, last_used_at, revoked_at) on public.api_tokens to authenticated;
grant update (revoked_at) on public.api_tokens to authenticated;
grant all on public.api_tokens to service_role;

-- The API's request log for the per-user rate limit (service role only).
create table public.api_request_log (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  requested_at timestamptz not null default now()
);
create index api_request_log_user_idx on public.api_request_log (user_id, requested_at desc);
alter table public.api_request_log enable row level security;
revoke all on public.api_request_log from public, anon, authenticated;
grant all on public.api_request_log to service_role;

create or replace function public.api_token_hash(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

revoke execute on function public.api_token_hash(text) from public, anon, authenticated;
grant execute on function public.api_token_hash(text) to service_role;

-- Creates a token for the caller: at most 10 active ones. Answers the token itself (shown once).
create or replace function public.create_api_token(p_name text, p_scope text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_name text := btrim(coalesce(p_name, ''));
  v_token text;
  v_row public.api_tokens%rowtype;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if char_length(v_name) < 1 or char_length(v_name) > 60 then
    raise exception 'Name the token (1-60 characters).' using errcode = '22023';
  end if;
  if p_scope is null or p_scope not in ('read', 'read_write') then
    raise exception 'Choose Read or Read and write.' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('api_tokens:' || v_uid::text, 0));
  if (select count(*) from public.api_tokens t where t.user_id = v_uid and t.revoked_at is null) >= 10 then
    raise exception 'You have 10 active tokens. Revoke one first.' using errcode = 'PT429';
  end if;
  v_token := 'lv_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.api_tokens (user_id, name, scope, token_hash, token_prefix)
  values (v_uid, v_name, p_scope, public.api_token_hash(v_token), left(v_token, 10))
  returning * into v_row;
  return jsonb_build_object(
    'token', v_token,
    'id', v_row.id,
    'name', v_row.name,
    'scope', v_row.scope,
    'token_prefix', v_row.token_prefix,
    'created_at', v_row.created_at
  );
end
$$;
revoke execute on function public.create_api_token(text, text) from public, anon;
grant execute on function public.create_api_token(text, text) to authenticated;

-- The user of a live token given its SHA-256, once its scope allows the call and the user is under
-- `per_minute` calls in the last minute (shared/rules/api-tokens.ts passes the number). Unknown or
-- revoked: PT401; read-only token for a write: PT403; over the limit: PT429.
create or replace function public.api_token_user(p_token_hash text, p_write boolean, per_minute integer)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token public.api_tokens%rowtype;
  used integer;
begin
  select * into v_token from public.api_tokens t where t.token_hash = lower(coalesce(p_token_hash, '')) and t.revoked_at is null;
  if not found then
    raise exception 'Invalid or revoked API token.' using errcode = 'PT401';
  end if;
  if p_write and v_token.scope <> 'read_write' then
    raise exception 'This token can only read. Create a read and write token to save links.' using errcode = 'PT403';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('api_requests:' || v_token.user_id::text, 0));
  delete from public.api_request_log where user_id = v_token.user_id and requested_at < now() - interval '1 hour';
  select count(*) into used from public.api_request_log where user_id = v_token.user_id and requested_at > now() - interval '1 minute';
  if used >= per_minute then
    raise exception 'Too many requests. Please wait a minute and try again.' using errcode = 'PT429';
  end if;
  insert into public.api_request_log (user_id) values (v_token.user_id);
  update public.api_tokens set last_used_at = now() where id = v_token.id;
  return v_token.user_id;
end
$$;

-- Lists the token user's own links, newest first; `p_query` keeps those whose title, URL or
-- description contains every word (case-insensitive).
create or replace function public.api_list_links(p_token_hash text, p_query text, p_limit integer, p_offset integer, per_minute integer)
returns table (
  id uuid,
  title text,
  url text,
  description text,
  category_id uuid,
  second_category_id uuid,
  created_at timestamptz,
  updated_at timestamptz
)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.api_token_user(p_token_hash, false, per_minute);
  v_words text[] := array_remove(regexp_split_to_array(lower(btrim(coalesce(p_query, ''))), '\s+'), '');
begin
  return query
    select l.id, l.title, l.url, l.description, l.category_id, l.second_category_id, l.created_at, l.updated_at
      from public.links l
     where l.user_id = v_uid
       and not l.is_template
       and not exists (
         select 1 from unnest(v_words) as w(word)
          where position(w.word in lower(l.title || ' ' || l.url || ' ' || coalesce(l.description, ''))) = 0
       )
     order by l.created_at desc, l.id
     limit least(greatest(coalesce(p_limit, 50), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0);
end
$$;

-- Saves a link as the token's user, through save_link (the web app's rules: https:// added, folder
-- checked, quotas): an address already saved is updated; no folder = the default folder of General
-- settings, else 'Recently Saved Links'.
create or replace function public.api_save_link(
  p_token_hash text,
  p_title text,
  p_url text,
  per_minute integer,
  p_description text default null,
  p_category_id uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := public.api_token_user(p_token_hash, true, per_minute);
  v_url text := btrim(coalesce(p_url, ''));
  v_existing uuid;
  v_folder uuid := p_category_id;
  v_result jsonb;
  v_title text;
begin
  -- save_link acts for auth.uid(): the token's user, for this transaction only.
  perform set_config('request.jwt.claims', jsonb_build_object('sub', v_uid, 'role', 'authenticated')::text, true);
  perform set_config('request.jwt.claim.sub', v_uid::text, true);
  if v_url <> '' and v_url !~* '^https?://' then
    v_url := 'https://' || v_url;
  end if;
  if v_folder is null then
    select p.default_category_id into v_folder from public.user_preferences p where p.user_id = v_uid;
  end if;
  select l.id, l.title into v_existing, v_title from public.links l
   where l.user_id = v_uid and l.url = v_url and not l.is_template
   order by l.created_at desc limit 1;
  -- No title given: the saved link keeps its own; a new one is named by its host and path.
  v_title := coalesce(
    nullif(btrim(coalesce(p_title, '')), ''),
    v_title,
    left(regexp_replace(regexp_replace(v_url, '^https?://(www\.)?', '', 'i'), '/$', ''), 120)
  );
  v_result := public.save_link(v_title, v_url, p_description, v_folder, null, null, v_existing);
  -- As in the web app: an add whose address was already saved reports that it updated that link.
  if v_existing is not null then
    v_result := jsonb_set(v_result, '{outcome}', '"updated_existing"');
  end if;
  return v_result;
end
$$;

revoke execute on function public.api_token_user(text, boolean, integer) from public, anon, authenticated;
revoke execute on function public.api_list_links(text, text, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.api_save_link(text, text, text, integer, text, uuid) from public, anon, authenticated;
grant execute on function public.api_token_user(text, boolean, integer) to service_role;
grant execute on function public.api_list_links(text, text, integer, integer, integer) to service_role;
grant execute on function public.api_save_link(text, text, text, integer, text, uuid) to service_role;
