-- Names cannot pass for the product, its staff or a recent owner. The rule is
-- shared/rules/reserved-names.ts (the forms use it for instant feedback); this migration holds the
-- same rule for every write path, function for function, and tests/db/name-rules.test.ts runs the
-- same cases through both.
--
--   * _fold_name: lower case, accents dropped (NFKD), look-alikes read as letters (0→o, 1/l/|/!→i,
--     3→e, 4/@→a, 5/$→s, 7→t, 8→b, 9→g, Cyrillic and Greek look-alikes → Latin), separators removed.
--   * A username or URL name is reserved when its folded form equals a folded reserved word
--     (_reserved_names, the RESERVED_SLUGS list) or contains the folded brand. Refused on every
--     change (insert or update) with 23514; names already held are kept.
--   * A display name (profiles first + last name; webpage_settings public_display_name and
--     company_name) impersonates the product when it contains the folded brand or is only staff
--     words. Refused on change with 23514; at sign-up (the profile row the auth trigger inserts) such
--     a name is dropped instead, so sign-up never fails with a server error.
--   * A username or URL name given up (changed, or its account deleted) is held for
--     name_hold_days() = 30 days (shared/constants.ts NAME_HOLD_DAYS) for everyone but its last owner.
-- The old exact-list check (is_reserved_slug, used by the NOT VALID constraint
-- profiles_slug_not_reserved) is left as it was: a CHECK runs on every update of the row, and a
-- name held from before must not block unrelated updates.

create or replace function public.name_hold_days()
returns integer
language sql
immutable
set search_path = ''
as $$ select 30 $$;

create or replace function public._fold_name(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select regexp_replace(
    translate(lower(normalize(coalesce(name, ''), NFKD)),
              '01345789l|!@$авеёкмнорстухіӏјѕαβεικνορτυχАВЕЁКМНОРСТУХІӀЈЅΑΒΕΙΚΝΟΡΤΥΧ',
              'oieastbgiiiasabeekmhopctyxiijsabeikvoptuxabeekmhopctyxiijsabeikvoptux'),
    '[^a-z0-9]', '', 'g')
$$;

create or replace function public._staff_words()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['admin', 'admins', 'administrator', 'root', 'staff', 'help', 'helpdesk', 'moderator', 'mod', 'system', 'security', 'official', 'team', 'support', 'billing', 'abuse', 'postmaster', 'webmaster', 'hostmaster', 'noreply', 'contact']::text[]
$$;

-- The brand as one folded word (shared/constants.ts BRAND_NAME).
create or replace function public._folded_brand()
returns text
language sql
immutable
set search_path = ''
as $$ select public._fold_name('LinkVault') $$;

create or replace function public.is_reserved_name_folded(name text)
returns boolean
language sql
immutable
security definer
set search_path = ''
as $$
  select coalesce(public._fold_name(name), '') <> ''
     and (public._fold_name(name) = any (select public._fold_name(w) from unnest(public._reserved_names()) as w)
          or position(public._folded_brand() in public._fold_name(name)) > 0)
$$;

create or replace function public.impersonates_product(display_name text)
returns boolean
language sql
immutable
security definer
set search_path = ''
as $$
  select coalesce(display_name, '') <> '' and (
    position(public._folded_brand() in public._fold_name(display_name)) > 0
    or coalesce((
      select bool_and(w.folded = any (select public._fold_name(s) from unnest(public._staff_words()) as s))
        from (select public._fold_name(t) as folded
                from regexp_split_to_table(display_name, '[[:space:],;:._-]+') as t) w
       where w.folded <> ''
    ), false)
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- Released names, held for name_hold_days() for everyone but their last owner. No foreign key: the
-- hold outlives a deleted account. Server only.

create table public.released_names (
  name text not null,
  user_id uuid not null,
  released_at timestamptz not null default now(),
  primary key (name, user_id)
);
create index released_names_released_idx on public.released_names (released_at);
alter table public.released_names enable row level security;
revoke all on public.released_names from anon, authenticated;
grant all on public.released_names to service_role;

create or replace function public.name_is_held(name text, for_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.released_names r
     where r.name = lower(name_is_held.name)
       and r.user_id is distinct from name_is_held.for_user
       and r.released_at > now() - make_interval(days => public.name_hold_days())
  )
$$;

create or replace function public.release_profile_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old text[];
begin
  if tg_op = 'DELETE' then
    v_old := array[old.username, old.public_page_slug];
  else
    v_old := array[
      case when new.username is distinct from old.username then old.username end,
      case when new.public_page_slug is distinct from old.public_page_slug then old.public_page_slug end
    ];
  end if;
  insert into public.released_names (name, user_id, released_at)
  select distinct lower(n), old.user_id, now() from unnest(v_old) as n where n is not null
  on conflict (name, user_id) do update set released_at = excluded.released_at;
  delete from public.released_names r where r.released_at < now() - make_interval(days => public.name_hold_days());
  return null;
end
$$;

create trigger profiles_release_names_update
  after update of username, public_page_slug on public.profiles
  for each row execute function public.release_profile_names();

create trigger profiles_release_names_delete
  after delete on public.profiles
  for each row execute function public.release_profile_names();

-- ---------------------------------------------------------------------------------------------
-- The checks on profiles (replacing refuse_reserved_profile_names of 20261124190200, which matched the
-- list letter for letter and only on update).

drop trigger if exists profiles_refuse_reserved_names on public.profiles;

create or replace function public.check_profile_name_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hold text := 'This name was released recently and is held for ' || public.name_hold_days() || ' days. Please choose another one.';
begin
  if new.username is not null and (tg_op = 'INSERT' or new.username is distinct from old.username) then
    if public.is_reserved_name_folded(new.username) then
      raise exception 'This username is reserved. Please choose another one.' using errcode = '23514', hint = 'reserved_name';
    end if;
    if public.name_is_held(new.username, new.user_id) then
      raise exception '%', v_hold using errcode = '23514', hint = 'held_name';
    end if;
  end if;
  if new.public_page_slug is not null and (tg_op = 'INSERT' or new.public_page_slug is distinct from old.public_page_slug) then
    if public.is_reserved_name_folded(new.public_page_slug) then
      raise exception 'This URL name is reserved. Please choose another one.' using errcode = '23514', hint = 'reserved_name';
    end if;
    if public.name_is_held(new.public_page_slug, new.user_id) then
      raise exception '%', v_hold using errcode = '23514', hint = 'held_name';
    end if;
  end if;
  if tg_op = 'INSERT' then
    -- The auth trigger creates the row at sign-up: an impersonating name is dropped, not an error.
    if public.impersonates_product(concat_ws(' ', new.first_name, new.last_name)) then
      new.first_name := null;
      new.last_name := null;
    end if;
  elsif (new.first_name is distinct from old.first_name or new.last_name is distinct from old.last_name)
        and public.impersonates_product(concat_ws(' ', new.first_name, new.last_name)) then
    raise exception 'Names cannot pose as LinkVault or its staff. Please choose another one.' using errcode = '23514', hint = 'display_name';
  end if;
  return new;
end
$$;

create trigger profiles_name_rules
  before insert or update of username, public_page_slug, first_name, last_name on public.profiles
  for each row execute function public.check_profile_name_rules();

create or replace function public.check_webpage_display_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' or new.public_display_name is distinct from old.public_display_name)
     and public.impersonates_product(new.public_display_name) then
    raise exception 'Names cannot pose as LinkVault or its staff. Please choose another one.' using errcode = '23514', hint = 'public_display_name';
  end if;
  if (tg_op = 'INSERT' or new.company_name is distinct from old.company_name)
     and public.impersonates_product(new.company_name) then
    raise exception 'Names cannot pose as LinkVault or its staff. Please choose another one.' using errcode = '23514', hint = 'company_name';
  end if;
  return new;
end
$$;

create trigger webpage_settings_display_names
  before insert or update of public_display_name, company_name on public.webpage_settings
  for each row execute function public.check_webpage_display_names();

-- Availability answers false for a reserved (look-alikes included) or held name, as the writes do.
create or replace function public.is_username_available(username_param text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if auth.uid() is null or coalesce(is_username_available.username_param, '') !~ '^[A-Za-z0-9_-]{3,30}$'
     or public._is_reserved_name(is_username_available.username_param)
     or public.is_reserved_name_folded(is_username_available.username_param)
     or public.name_is_held(is_username_available.username_param, auth.uid()) then
    return false;
  end if;
  return not exists (
    select 1 from public.profiles p
     where p.user_id <> auth.uid()
       and (lower(p.username) = lower(is_username_available.username_param)
            or lower(p.public_page_slug) = lower(is_username_available.username_param))
  );
end
$$;

revoke execute on function public._fold_name(text), public._staff_words(), public._folded_brand() from public, anon, authenticated;
grant execute on function public._fold_name(text), public._staff_words(), public._folded_brand() to service_role;
revoke execute on function public.name_hold_days(), public.is_reserved_name_folded(text), public.impersonates_product(text) from public, anon;
grant execute on function public.name_hold_days(), public.is_reserved_name_folded(text), public.impersonates_product(text) to authenticated, service_role;
revoke execute on function public.name_is_held(text, uuid), public.release_profile_names(), public.check_profile_name_rules(),
  public.check_webpage_display_names() from public, anon, authenticated;
grant execute on function public.name_is_held(text, uuid) to service_role;
