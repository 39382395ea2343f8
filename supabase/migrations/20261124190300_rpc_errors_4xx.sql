-- Issue 19 item 10: bad input and missing rows answer 4xx, never 5xx. PostgREST answers P0002
-- (no_data_found) with 500 and 54001 with 500; these RPCs now raise 'not found' with SQLSTATE PT404
-- (PostgREST: HTTP 404, the message as written) and a too-deep folder tree with 22023 (400).
-- The bodies are the ones of 20251101000400_rpc.sql otherwise, except save_link's URL check,
-- which is now the client's URL rule (shared/rules/url.ts): an http(s) URL whose authority is a
-- host name or [IPv6] with an optional numeric port, so 'https://javascript:alert(1)' is refused.
-- The same check holds for every new or changed link row (links_url_is_http, not valid for old rows).

create or replace function public.is_link_url(candidate text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select candidate is not null
     and char_length(candidate) <= 2048
     and candidate !~ '[[:cntrl:][:space:]]'
     and candidate ~* '^https?://([^/?#@]*@)?(\[[0-9a-f:.]+\]|[[:alnum:]_]([[:alnum:]_-]*[[:alnum:]_])?(\.[[:alnum:]_]([[:alnum:]_-]*[[:alnum:]_])?)*\.?)(:[0-9]{1,5})?([/?#].*)?$'
$$;
-- Also evaluated by the links check constraint as the caller, so signed-in users may execute it.
revoke execute on function public.is_link_url(text) from public, anon;
grant execute on function public.is_link_url(text) to authenticated, service_role;

alter table public.links add constraint links_url_is_http check (public.is_link_url(url)) not valid;

-- _copy_category_tree: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public._copy_category_tree(source_id uuid, target_user uuid, new_parent_id uuid, new_name text, depth integer)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_src public.categories%rowtype;
  v_new_id uuid;
  v_child record;
begin
  if depth > 20 then
    raise exception 'Folder tree is too deep to copy.' using errcode = '22023';
  end if;
  select * into v_src from public.categories c where c.id = source_id;
  insert into public.categories (user_id, name, icon_url, parent_category_id, display_order, ai_enhanced, is_template, is_default)
  values (target_user, coalesce(new_name, v_src.name), v_src.icon_url, new_parent_id, v_src.display_order, v_src.ai_enhanced, false, false)
  returning id into v_new_id;

  insert into public.links (user_id, title, url, description, category_id, icon_url, is_template, template_source_id, ai_enhanced, created_at, updated_at)
  select target_user, l.title, l.url, l.description, v_new_id, l.icon_url, false, l.id, l.ai_enhanced, l.created_at, now()
    from public.links l
   where l.category_id = source_id and l.is_template;

  for v_child in
    select c.id from public.categories c where c.parent_category_id = source_id and c.is_template order by c.display_order, c.name
  loop
    perform public._copy_category_tree(v_child.id, target_user, v_new_id, null, depth + 1);
  end loop;
  return v_new_id;
end
$$;

-- copy_template_category: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.copy_template_category(template_category_id uuid, target_user_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_src public.categories%rowtype;
  v_name text;
  v_n integer := 1;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if copy_template_category.target_user_id is null
     or (copy_template_category.target_user_id <> v_uid and not public.is_admin()) then
    raise exception 'You can only copy templates into your own collection.' using errcode = '42501';
  end if;
  select * into v_src from public.categories c
   where c.id = copy_template_category.template_category_id and c.is_template;
  if not found then
    raise exception 'Template not found.' using errcode = 'PT404';
  end if;
  if not exists (select 1 from auth.users u where u.id = copy_template_category.target_user_id) then
    raise exception 'User not found.' using errcode = 'PT404';
  end if;
  v_name := v_src.name;
  while exists (
    select 1 from public.categories c
     where c.user_id = copy_template_category.target_user_id and c.parent_category_id is null
       and lower(c.name) = lower(v_name)
  ) loop
    v_n := v_n + 1;
    v_name := v_src.name || ' (' || v_n || ')';
  end loop;
  return public._copy_category_tree(v_src.id, copy_template_category.target_user_id, null, v_name, 0);
end
$$;

-- _my_share_for_update: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public._my_share_for_update(share_id uuid)
returns public.shared_links
language plpgsql
set search_path = ''
as $$
declare
  v_share public.shared_links%rowtype;
begin
  select * into v_share from public.shared_links s
   where s.id = share_id
     and public.receives_share(s.id)
   for update;
  if not found then
    raise exception 'Shared link not found.' using errcode = 'PT404';
  end if;
  return v_share;
end
$$;

-- accept_incoming_share: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.accept_incoming_share(shared_link_id uuid, destination_category_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_share public.shared_links%rowtype;
  v_src public.links%rowtype;
  v_approved uuid;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_share := public._my_share_for_update(accept_incoming_share.shared_link_id);
  if accept_incoming_share.destination_category_id is null
     or not public.owns_category(accept_incoming_share.destination_category_id) then
    raise exception 'Destination folder not found.' using errcode = 'PT404';
  end if;
  v_approved := public._system_category_id(v_uid, 'approved');
  if v_approved is null then
    raise exception 'APPROVED folder not found. Please contact support.' using errcode = 'PT404';
  end if;
  select * into v_src from public.links l where l.id = v_share.link_id;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = accept_incoming_share.destination_category_id or l.second_category_id = accept_incoming_share.destination_category_id)
   order by l.created_at desc limit 1;
  if found then
    update public.links l
       set title = v_src.title, description = v_src.description, icon_url = coalesce(v_src.icon_url, l.icon_url),
           category_id = accept_incoming_share.destination_category_id, second_category_id = v_approved, updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    v_outcome := 'updated';
  else
    select * into v_link from public.links l
     where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     order by l.created_at desc limit 1;
    if found then
      update public.links l
         set category_id = accept_incoming_share.destination_category_id, second_category_id = v_approved, updated_at = now()
       where l.id = v_link.id
      returning * into v_link;
      v_outcome := 'moved';
    else
      insert into public.links (user_id, title, url, description, icon_url, category_id, second_category_id)
      values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, accept_incoming_share.destination_category_id, v_approved)
      returning * into v_link;
      v_outcome := 'inserted';
    end if;
  end if;

  update public.shared_links s
     set status = 'accepted', accepted_at = now(), moved_to_category_id = accept_incoming_share.destination_category_id,
         recipient_user_id = coalesce(s.recipient_user_id, v_uid)
   where s.id = v_share.id;

  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link), 'shared_link_id', v_share.id);
end
$$;

-- reject_incoming_share: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.reject_incoming_share(shared_link_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_share public.shared_links%rowtype;
  v_src public.links%rowtype;
  v_rejected uuid;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_share := public._my_share_for_update(reject_incoming_share.shared_link_id);
  v_rejected := public._system_category_id(v_uid, 'rejected');
  if v_rejected is null then
    raise exception 'REJECTED folder not found. Please contact support.' using errcode = 'PT404';
  end if;
  select * into v_src from public.links l where l.id = v_share.link_id;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = v_rejected or l.second_category_id = v_rejected)
   order by l.created_at desc limit 1;
  if found then
    v_outcome := 'already_rejected';
  else
    insert into public.links (user_id, title, url, description, icon_url, category_id)
    values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, v_rejected)
    returning * into v_link;
    v_outcome := 'inserted';
  end if;

  delete from public.shared_links s where s.id = v_share.id;
  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link));
end
$$;

-- approve_link: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.approve_link(link_id uuid)
returns setof public.links
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_approved uuid;
  v_rejected uuid;
begin
  if v_uid is null then
    return;
  end if;
  v_approved := public._system_category_id(v_uid, 'approved');
  v_rejected := public._system_category_id(v_uid, 'rejected');
  if v_approved is null then
    raise exception 'APPROVED folder not found. Please contact support.' using errcode = 'PT404';
  end if;
  return query
    update public.links l
       set category_id = case when l.category_id = v_rejected or l.category_id is null then v_approved else l.category_id end,
           second_category_id = case
             when l.second_category_id = v_rejected then v_approved
             when l.category_id is distinct from v_rejected and l.category_id is distinct from v_approved
                  and l.category_id is not null and l.second_category_id is distinct from v_approved then v_approved
             else l.second_category_id end,
           updated_at = now()
     where l.id = approve_link.link_id and l.user_id = v_uid and not l.is_template
    returning l.*;
end
$$;

-- save_link: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.save_link(
  link_title text,
  link_url text,
  link_description text default null,
  chosen_category_id uuid default null,
  new_category_name text default null,
  link_icon_url text default null,
  existing_link_id uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_title text := btrim(coalesce(save_link.link_title, ''));
  v_url text := btrim(coalesce(save_link.link_url, ''));
  v_saved uuid;
  v_chosen uuid;
  v_second uuid;
  v_new_name text := nullif(btrim(coalesce(save_link.new_category_name, '')), '');
  v_created boolean := false;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'You must be logged in to add links.' using errcode = '42501';
  end if;
  if v_title = '' then
    raise exception 'Title is required' using errcode = '22023';
  end if;
  if v_url = '' then
    raise exception 'URL is required' using errcode = '22023';
  end if;
  if v_url !~* '^https?://' then
    v_url := 'https://' || v_url;
  end if;
  if not public.is_link_url(v_url) then
    raise exception 'Please enter a valid URL' using errcode = '22023';
  end if;

  v_saved := public._saved_category_id(v_uid);
  if v_saved is null then
    raise exception 'Default category ''Recently Saved Links'' not found.' using errcode = 'PT404';
  end if;

  if v_new_name is not null then
    select c.id into v_chosen from public.categories c
     where c.user_id = v_uid and c.parent_category_id is null and not c.is_template and lower(c.name) = lower(v_new_name);
    if v_chosen is null then
      insert into public.categories (user_id, name) values (v_uid, v_new_name) returning id into v_chosen;
      v_created := true;
    end if;
  elsif save_link.chosen_category_id is not null then
    if not public.owns_category(save_link.chosen_category_id) then
      raise exception 'Category not found.' using errcode = 'PT404';
    end if;
    v_chosen := save_link.chosen_category_id;
  end if;
  v_second := case when v_chosen is null or v_chosen = v_saved then null else v_chosen end;

  if save_link.existing_link_id is not null then
    update public.links l
       set title = v_title, url = v_url, description = save_link.link_description,
           category_id = case when v_chosen is null then l.category_id else v_saved end,
           second_category_id = case when v_chosen is null then l.second_category_id else v_second end,
           icon_url = coalesce(save_link.link_icon_url, l.icon_url), updated_at = now()
     where l.id = save_link.existing_link_id and l.user_id = v_uid and not l.is_template
    returning * into v_link;
    if not found then
      raise exception 'Link not found.' using errcode = 'PT404';
    end if;
    v_outcome := 'updated';
  else
    select * into v_link from public.links l
     where l.user_id = v_uid and not l.is_template and l.url = v_url
     order by l.created_at desc limit 1;
    if found then
      update public.links l
         set title = v_title, description = coalesce(save_link.link_description, l.description),
             category_id = v_saved, second_category_id = v_second,
             icon_url = coalesce(save_link.link_icon_url, l.icon_url), updated_at = now()
       where l.id = v_link.id
      returning * into v_link;
      v_outcome := 'updated_existing';
    else
      insert into public.links (user_id, title, url, description, category_id, second_category_id, icon_url)
      values (v_uid, v_title, v_url, save_link.link_description, v_saved, v_second, save_link.link_icon_url)
      returning * into v_link;
      v_outcome := 'inserted';
    end if;
  end if;

  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link), 'category_created', v_created, 'category_id', coalesce(v_chosen, v_saved));
end
$$;

-- copy_link: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.copy_link(source_link_id uuid, destination_category_id uuid, replace_existing boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_src public.links%rowtype;
  v_dest uuid := copy_link.destination_category_id;
  v_saved uuid;
  v_second uuid;
  v_link public.links%rowtype;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select * into v_src from public.links l
   where l.id = copy_link.source_link_id
     and (l.user_id = v_uid or l.is_template or public.link_shared_with_me(l.id));
  if not found then
    raise exception 'Link not found.' using errcode = 'PT404';
  end if;
  if v_dest is null or not public.owns_category(v_dest) then
    raise exception 'Destination folder not found.' using errcode = 'PT404';
  end if;
  v_saved := public._saved_category_id(v_uid);
  if v_saved is null then
    raise exception 'Default category ''Recently Saved Links'' not found.' using errcode = 'PT404';
  end if;
  v_second := case when v_dest = v_saved then null else v_dest end;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = v_dest or l.second_category_id = v_dest)
   order by l.created_at desc limit 1;
  if found then
    if not coalesce(copy_link.replace_existing, false) then
      return jsonb_build_object('outcome', 'exists', 'link', to_jsonb(v_link));
    end if;
    update public.links l
       set title = v_src.title, description = v_src.description, icon_url = coalesce(v_src.icon_url, l.icon_url), updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    return jsonb_build_object('outcome', 'replaced', 'link', to_jsonb(v_link));
  end if;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
   order by l.created_at desc limit 1;
  if found then
    update public.links l
       set category_id = v_saved, second_category_id = v_second, updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    return jsonb_build_object('outcome', 'moved', 'link', to_jsonb(v_link));
  end if;

  insert into public.links (user_id, title, url, description, icon_url, category_id, second_category_id, template_source_id)
  values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, v_saved, v_second,
          case when v_src.is_template then v_src.id end)
  returning * into v_link;
  return jsonb_build_object('outcome', 'inserted', 'link', to_jsonb(v_link));
end
$$;

-- move_link: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.move_link(link_id uuid, direction text, other_link_id uuid default null, within_category_id uuid default null)
returns setof public.links
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_admin boolean := public.is_admin();
  v_a public.links%rowtype;
  v_b public.links%rowtype;
  v_edge timestamptz;
  v_a_time timestamptz;
  v_b_time timestamptz;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select * into v_a from public.links l
   where l.id = move_link.link_id
     and ((l.user_id = v_uid and not l.is_template) or (l.is_template and v_admin))
   for update;
  if not found then
    raise exception 'Link not found.' using errcode = 'PT404';
  end if;

  if move_link.direction in ('left', 'up', 'right', 'down') then
    select * into v_b from public.links l
     where l.id = move_link.other_link_id and l.id <> v_a.id
       and ((not v_a.is_template and l.user_id = v_uid and not l.is_template) or (v_a.is_template and l.is_template))
     for update;
    if not found then
      raise exception 'Link not found.' using errcode = 'PT404';
    end if;
    v_a_time := v_b.created_at;
    v_b_time := v_a.created_at;
    if v_a_time = v_b_time then
      -- Equal timestamps would make the swap a no-op: step past the neighbour instead.
      v_a_time := v_b.created_at + case when move_link.direction in ('left', 'up') then interval '1 millisecond' else interval '-1 millisecond' end;
    end if;
    return query update public.links l set created_at = v_a_time where l.id = v_a.id returning l.*;
    return query update public.links l set created_at = v_b_time where l.id = v_b.id returning l.*;
    return;
  elsif move_link.direction in ('beginning', 'end') then
    if move_link.within_category_id is not null
       and not (public.owns_category(move_link.within_category_id) or (v_a.is_template and public.is_template_category(move_link.within_category_id))) then
      raise exception 'Category not found.' using errcode = 'PT404';
    end if;
    select case when move_link.direction = 'beginning' then max(l.created_at) else min(l.created_at) end into v_edge
      from public.links l
     where l.id <> v_a.id
       and ((not v_a.is_template and l.user_id = v_uid and not l.is_template) or (v_a.is_template and l.is_template))
       and (move_link.within_category_id is null
            or l.category_id = move_link.within_category_id or l.second_category_id = move_link.within_category_id);
    if v_edge is null then
      return next v_a;
      return;
    end if;
    return query
      update public.links l
         set created_at = v_edge + case when move_link.direction = 'beginning' then interval '60 seconds' else interval '-60 seconds' end
       where l.id = v_a.id
      returning l.*;
    return;
  else
    raise exception 'Unknown direction: %', move_link.direction using errcode = '22023';
  end if;
end
$$;

-- set_default_background: as in 20251101000400_rpc.sql, with 'not found' answered 404.
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
  if not found or (v_bg.user_id <> v_uid and not public.is_admin_user(v_bg.user_id)) then
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

-- add_page_member: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.add_page_member(member_username text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_member uuid;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select p.user_id into v_member from public.profiles p
   where lower(p.username) = lower(btrim(coalesce(add_page_member.member_username, '')));
  if v_member is null then
    raise exception 'User not found.' using errcode = 'PT404';
  end if;
  if v_member = v_uid then
    raise exception 'You always see your own page.' using errcode = '22023';
  end if;
  insert into public.public_page_members (owner_id, member_user_id) values (v_uid, v_member)
  on conflict (owner_id, member_user_id) do nothing;
  select m.id into v_id from public.public_page_members m where m.owner_id = v_uid and m.member_user_id = v_member;
  return v_id;
end
$$;

-- admin_grant: as in 20251101000400_rpc.sql, with 'not found' answered 404.
create or replace function public.admin_grant(user_email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user uuid;
begin
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(admin_grant.user_email));
  if v_user is null then
    raise exception 'No user with e-mail %', admin_grant.user_email using errcode = 'PT404';
  end if;
  insert into public.user_roles (user_id, role) values (v_user, 'admin') on conflict (user_id, role) do nothing;
  return v_user;
end
$$;
