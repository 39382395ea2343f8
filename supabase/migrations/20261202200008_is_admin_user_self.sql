-- is_admin_user(any uuid) told anyone who the admins are. It now answers only about the caller
-- (or, for an admin or the service role, about anyone). The two places that need "is the owner of
-- this row an admin" for every caller (admin dashboard backgrounds offered to all users: the
-- user_backgrounds_select policy and set_default_background) use private.account_is_admin, in a
-- schema the REST API does not expose (hosted PostgREST serves `public` only; so does the local
-- stack), so no client can call it with an id of its choice.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create or replace function private.account_is_admin(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = check_user_id and r.role = 'admin')
$$;
revoke execute on function private.account_is_admin(uuid) from public, anon;
grant execute on function private.account_is_admin(uuid) to authenticated, service_role;

create or replace function public.is_admin_user(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when check_user_id is null then false
    when check_user_id = auth.uid()
      or (auth.uid() is null and coalesce(auth.role(), '') = 'service_role')
      or exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
      then exists (select 1 from public.user_roles r where r.user_id = check_user_id and r.role = 'admin')
    else false
  end
$$;
revoke execute on function public.is_admin_user(uuid) from public, anon;
grant execute on function public.is_admin_user(uuid) to authenticated, service_role;

alter policy user_backgrounds_select on public.user_backgrounds
  using (user_id = (select auth.uid()) or private.account_is_admin(user_id));

-- set_default_background as in 20261124190300_rpc_errors_4xx.sql, with the admin check of the
-- background's owner made through private.account_is_admin.
create or replace function public.set_default_background(background_id uuid, scope_category_id uuid default null, scope_name text default null)
returns setof public.user_backgrounds
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_bg public.user_backgrounds%rowtype;
  v_mine public.user_backgrounds%rowtype;
  v_cat uuid;
  v_name text;
begin
  if v_uid is null then
    return;
  end if;
  select * into v_bg from public.user_backgrounds b where b.id = set_default_background.background_id;
  if not found or (v_bg.user_id <> v_uid and not private.account_is_admin(v_bg.user_id)) then
    raise exception 'Background not found.' using errcode = 'PT404';
  end if;

  if v_bg.user_id = v_uid then
    v_mine := v_bg;
  else
    v_cat := set_default_background.scope_category_id;
    v_name := case when v_cat is null then coalesce(nullif(btrim(set_default_background.scope_name), ''), v_bg.background_name) end;
    if v_cat is not null and not public.owns_category(v_cat) then
      raise exception 'Category not found.' using errcode = 'PT404';
    end if;
    if v_cat is null and v_name is null then
      raise exception 'A background scope is required.' using errcode = '22023';
    end if;
    select * into v_mine from public.user_backgrounds b
     where b.user_id = v_uid and b.background_url = v_bg.background_url
       and b.category_id is not distinct from v_cat
       and (v_cat is not null or b.background_name = v_name)
     limit 1;
    if not found then
      insert into public.user_backgrounds (user_id, background_url, background_name, category_id, is_default)
      values (v_uid, v_bg.background_url, v_name, v_cat, false)
      returning * into v_mine;
    end if;
  end if;

  update public.user_backgrounds b
     set is_default = (b.id = v_mine.id)
   where b.user_id = v_uid
     and (
       (v_mine.category_id is not null and b.category_id = v_mine.category_id)
       or (v_mine.category_id is null and b.category_id is null and b.background_name = v_mine.background_name)
     );
  return query select * from public.user_backgrounds b where b.id = v_mine.id;
end
$$;
revoke execute on function public.set_default_background(uuid, uuid, text) from public, anon;
grant execute on function public.set_default_background(uuid, uuid, text) to authenticated, service_role;
