-- Issue 19: reserved names on the server. Route names, staff-like names and the brand cannot be
-- taken as a username or a public URL name through any path (the client's rule alone could be
-- skipped with one PATCH). The list is shared/rules/slug.ts RESERVED_SLUGS, letter for letter
-- (tests/db/reserved-names.test.ts compares them). Names already held are kept; a change to one
-- is refused with 23514 (check violation, HTTP 400) and a readable message.

create or replace function public._reserved_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['api', 'auth', 'category', 'dashboard', 'data-deletion', 'demo', 'privacy', 'profile', 'receive', 'settings', 'share', 'studio', 'support', 'functions', 'rest', 'storage', 'assets', 'admin', 'admins', 'administrator', 'root', 'staff', 'help', 'helpdesk', 'moderator', 'mod', 'system', 'security', 'official', 'team', 'linkvault', 'link-vault', 'link_vault', 'billing', 'abuse', 'postmaster', 'webmaster', 'hostmaster', 'noreply', 'no-reply', 'no_reply', 'contact', 'login', 'logout', 'signin', 'signup', 'register', 'account', 'accounts', 'about', 'terms', 'legal', 'home', 'www', 'mail', 'email', 'status', 'null', 'undefined']::text[]
$$;

create or replace function public._is_reserved_name(name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select name is not null and lower(name) = any (public._reserved_names())
$$;

create or replace function public.refuse_reserved_profile_names()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.username is distinct from old.username and public._is_reserved_name(new.username) then
    raise exception 'This username is reserved. Please choose another one.' using errcode = '23514';
  end if;
  if new.public_page_slug is distinct from old.public_page_slug and public._is_reserved_name(new.public_page_slug) then
    raise exception 'This URL name is reserved. Please choose another one.' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger profiles_refuse_reserved_names
  before update of username, public_page_slug on public.profiles
  for each row execute function public.refuse_reserved_profile_names();

-- Availability answers false for a reserved name (the same check the share dialog and settings use).
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
     or public._is_reserved_name(is_username_available.username_param) then
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

revoke execute on function public._reserved_names(), public._is_reserved_name(text), public.refuse_reserved_profile_names() from public, anon, authenticated;
grant execute on function public._reserved_names(), public._is_reserved_name(text) to service_role;
