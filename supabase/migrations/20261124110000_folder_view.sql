-- Folder view (issue 11).
--
-- 1. get_folder(folder_id): everything the folder header needs in one call: the folder, its
--    ancestors (breadcrumb, root first), its link count and its subfolders with their counts.
--    security invoker, and only the caller's own folders: a folder that does not exist or is
--    someone else's (or a template, issue 12) returns null, which the screen shows as "not found".
-- 2. The link and incoming RPCs raised 'not found' with SQLSTATE P0002, which PostgREST (and the
--    local stack) answer with HTTP 500. They now raise PT404 (PostgREST's "HTTP status 404"
--    code), so a missing link, share or folder is a 404 with the same readable message. The
--    bodies are otherwise unchanged from 20251101000400_rpc.sql.

create or replace function public.get_folder(folder_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with recursive me as (
    select auth.uid() as uid
  ), f as (
    select c.id, c.user_id, c.name, c.is_default, c.is_template, c.icon_url, c.parent_category_id,
           c.display_order, c.ai_enhanced, c.system_key
      from public.categories c, me
     where c.id = get_folder.folder_id and c.user_id = me.uid and not c.is_template
  ), chain(id, name, parent_category_id, depth) as (
    select c.id, c.name, c.parent_category_id, 0
      from public.categories c join f on c.id = f.parent_category_id, me
     where c.user_id = me.uid
    union all
    select c.id, c.name, c.parent_category_id, chain.depth + 1
      from public.categories c join chain on c.id = chain.parent_category_id, me
     where c.user_id = me.uid and chain.depth < 32
  )
  select case when not exists (select 1 from f) then null else jsonb_build_object(
    'folder', (select to_jsonb(f) from f),
    'ancestors', coalesce((select jsonb_agg(jsonb_build_object('id', chain.id, 'name', chain.name) order by chain.depth desc) from chain), '[]'::jsonb),
    'link_count', (select count(*) from public.links l, me
                    where l.user_id = me.uid and not l.is_template
                      and (l.category_id = get_folder.folder_id or l.second_category_id = get_folder.folder_id)),
    'subfolders', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'user_id', c.user_id, 'name', c.name, 'is_default', c.is_default, 'is_template', c.is_template,
               'icon_url', c.icon_url, 'parent_category_id', c.parent_category_id, 'display_order', c.display_order,
               'ai_enhanced', c.ai_enhanced, 'system_key', c.system_key,
               'link_count', (select count(*) from public.links l
                               where l.user_id = me.uid and not l.is_template
                                 and (l.category_id = c.id or l.second_category_id = c.id)))
             order by c.display_order, c.name)
        from public.categories c, me
       where c.parent_category_id = get_folder.folder_id and c.user_id = me.uid and not c.is_template), '[]'::jsonb)
  ) end
$$;

revoke execute on function public.get_folder(uuid) from public, anon;
grant execute on function public.get_folder(uuid) to authenticated, service_role;

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
  if v_url !~* '^https?://[^\s/?#]+([/?#][^\s]*)?$' then
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
