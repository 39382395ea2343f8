-- Shared folders, the links in them:
--
--   * A link is in a folder when its category_id or its second_category_id is that folder (a link saved
--     into a folder keeps 'Recently Saved Links' as category_id and the folder as second_category_id).
--     Members now read, and editors change, every link filed in the shared tree either way, not only
--     those whose category_id is in it.
--   * An editor moves a link only to another folder they edit (the shared folder or its subfolders):
--     a trigger checks each folder column a member changes (RLS cannot compare with the old row), and
--     a member never changes a link's owner or its open and share counts.
--   * move_shared_folder_link: the move the shared folder view makes (from one folder to another,
--     whichever column holds it); list_shared_folder_tree: the folders of a shared tree, for its
--     destination list.
--   * Opening a link of a shared folder counts for the owner (increment_link_access), as the owner's
--     own opens do.
--   * get_shared_folder and list_shared_folders count the links filed either way.

-- The caller's role for a link filed in category_id and/or second_category_id ('editor' beats 'viewer').
create or replace function private.link_folder_role(p_category_id uuid, p_second_category_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_second_category_id is null or p_second_category_id = p_category_id then private.folder_role(p_category_id)
    else least(private.folder_role(p_category_id), private.folder_role(p_second_category_id))
  end
$$;
revoke execute on function private.link_folder_role(uuid, uuid) from public, anon;
grant execute on function private.link_folder_role(uuid, uuid) to authenticated, service_role;

drop policy if exists links_select_shared on public.links;
drop policy if exists links_update_shared on public.links;
drop policy if exists links_delete_shared on public.links;

create policy links_select_shared on public.links
  for select to authenticated
  using (
    user_id <> (select auth.uid()) and not is_template
    and private.link_folder_role(category_id, second_category_id) is not null
  );
create policy links_update_shared on public.links
  for update to authenticated
  using (
    user_id <> (select auth.uid()) and not is_template
    and private.link_folder_role(category_id, second_category_id) = 'editor'
  )
  with check (
    not is_template
    and user_id <> (select auth.uid())
    and private.link_folder_role(category_id, second_category_id) = 'editor'
    and (category_id is null or private.folder_owner(category_id) = user_id)
    and (second_category_id is null or private.folder_owner(second_category_id) = user_id)
  );
create policy links_delete_shared on public.links
  for delete to authenticated
  using (
    user_id <> (select auth.uid()) and not is_template
    and private.link_folder_role(category_id, second_category_id) = 'editor'
  );

-- A member's update of the owner's link (a REST statement as `authenticated`; the owner's own
-- updates and security definer RPCs pass untouched): a folder column that changes must name a folder
-- the caller edits (second_category_id may also be cleared); owner and counts stay as they are.
create or replace function private.links_member_update_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
begin
  if current_user <> 'authenticated' or v_uid is null or v_uid = old.user_id then
    return new;
  end if;
  if new.user_id is distinct from old.user_id
     or new.access_count is distinct from old.access_count
     or new.share_count is distinct from old.share_count then
    raise exception 'Only the owner can change this.' using errcode = '42501';
  end if;
  if (new.category_id is distinct from old.category_id
        and (new.category_id is null or private.folder_role(new.category_id) is distinct from 'editor'))
     or (new.second_category_id is distinct from old.second_category_id
        and new.second_category_id is not null and private.folder_role(new.second_category_id) is distinct from 'editor') then
    raise exception 'A link in a shared folder moves only within the folders shared with you.' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.links_member_update_guard() from public, anon;
grant execute on function private.links_member_update_guard() to authenticated, service_role;

create trigger links_member_update_guard before update on public.links
  for each row execute function private.links_member_update_guard();

-- Moves a link from one folder to another: whichever of category_id / second_category_id holds
-- `from` takes `to`. Invoker rights: the RLS policies and the guard above decide (an editor within
-- the shared tree; the owner anywhere of theirs). Answers 'Link not found.' when nothing moved.
create or replace function public.move_shared_folder_link(p_link_id uuid, p_from_folder_id uuid, p_to_folder_id uuid)
returns boolean
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_rows integer;
begin
  if auth.uid() is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if p_from_folder_id is null or p_to_folder_id is null then
    raise exception 'Please choose a destination folder' using errcode = '22023';
  end if;
  if p_from_folder_id = p_to_folder_id then
    raise exception 'The link is already in this folder.' using errcode = '22023';
  end if;
  update public.links l
     set category_id = case when l.category_id = p_from_folder_id then p_to_folder_id else l.category_id end,
         second_category_id = case
           when l.category_id = p_from_folder_id then
             case when l.second_category_id = p_to_folder_id then null else l.second_category_id end
           when l.category_id = p_to_folder_id then null
           else p_to_folder_id
         end,
         updated_at = now()
   where l.id = p_link_id and not l.is_template
     and (l.category_id = p_from_folder_id or l.second_category_id = p_from_folder_id);
  get diagnostics v_rows = row_count;
  if v_rows = 0 then
    raise exception 'Link not found.' using errcode = 'PT404';
  end if;
  return true;
end
$$;
revoke execute on function public.move_shared_folder_link(uuid, uuid, uuid) from public, anon;
grant execute on function public.move_shared_folder_link(uuid, uuid, uuid) to authenticated, service_role;

-- The folders of a tree shared with the caller (the folder of an accepted membership and everything
-- below it), the shared folder first with no parent; nothing for anyone else.
create or replace function public.list_shared_folder_tree(p_root_id uuid)
returns table (id uuid, name text, parent_category_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  with recursive tree(id, name, parent, owner, depth) as (
    select c.id, c.name, null::uuid, c.user_id, 0
      from public.categories c
     where c.id = p_root_id and not c.is_template
       and exists (
         select 1 from public.folder_members m
          where m.folder_id = c.id and m.member_user_id = auth.uid() and m.accepted_at is not null
       )
    union all
    select c.id, c.name, c.parent_category_id, tree.owner, tree.depth + 1
      from public.categories c join tree on c.parent_category_id = tree.id
     where c.user_id = tree.owner and not c.is_template and tree.depth < 10000
  )
  select t.id, t.name, t.parent from tree t order by t.depth, lower(t.name), t.id limit 10000
$$;
revoke execute on function public.list_shared_folder_tree(uuid) from public, anon;
grant execute on function public.list_shared_folder_tree(uuid) to authenticated, service_role;

-- Opening a link: own links, template links, and (for the owner's stats) links of a folder shared
-- with the caller. Returns the new count, NULL for anything else.
create or replace function public.increment_link_access(link_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_count integer;
begin
  if auth.uid() is null then
    return null;
  end if;
  update public.links l
     set access_count = l.access_count + 1
   where l.id = increment_link_access.link_id
     and (l.user_id = auth.uid() or l.is_template
          or private.link_folder_role(l.category_id, l.second_category_id) is not null)
  returning l.access_count into v_count;
  return v_count;
end
$$;

create or replace function public.list_shared_folders()
returns table (folder_id uuid, name text, icon_url text, owner_id uuid, owner_name text, role text, link_count bigint, accepted_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.icon_url, c.user_id, private.member_label(c.user_id), m.role,
         (select count(*) from public.links l
           where (l.category_id = c.id or l.second_category_id = c.id) and l.user_id = c.user_id and not l.is_template),
         m.accepted_at
    from public.folder_members m
    join public.categories c on c.id = m.folder_id
   where m.member_user_id = auth.uid() and m.accepted_at is not null
   order by lower(c.name), c.id
$$;

create or replace function public.get_shared_folder(p_folder_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := private.folder_role(p_folder_id);
  v_folder public.categories%rowtype;
  v_ancestors jsonb := '[]'::jsonb;
  v_cursor uuid;
  v_parent public.categories%rowtype;
  v_depth integer := 0;
begin
  if v_role is null then
    return null;
  end if;
  select * into v_folder from public.categories c where c.id = p_folder_id;
  -- The breadcrumb stops at the folder that was shared with the caller (nothing above it is theirs to see).
  v_cursor := v_folder.id;
  while v_depth < 10000 and not exists (
    select 1 from public.folder_members m where m.folder_id = v_cursor and m.member_user_id = auth.uid() and m.accepted_at is not null
  ) loop
    select c.parent_category_id into v_cursor from public.categories c where c.id = v_cursor;
    exit when v_cursor is null;
    select * into v_parent from public.categories c where c.id = v_cursor;
    v_ancestors := jsonb_build_array(jsonb_build_object('id', v_parent.id, 'name', v_parent.name)) || v_ancestors;
    v_depth := v_depth + 1;
  end loop;
  return jsonb_build_object(
    'folder', jsonb_build_object('id', v_folder.id, 'name', v_folder.name, 'icon_url', v_folder.icon_url,
                                 'parent_category_id', v_folder.parent_category_id),
    'role', v_role,
    'owner_id', v_folder.user_id,
    'owner_name', private.member_label(v_folder.user_id),
    'ancestors', v_ancestors,
    'link_count', (select count(*) from public.links l
                    where (l.category_id = v_folder.id or l.second_category_id = v_folder.id)
                      and l.user_id = v_folder.user_id and not l.is_template),
    'subfolders', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'name', c.name, 'icon_url', c.icon_url,
               'link_count', (select count(*) from public.links l
                               where (l.category_id = c.id or l.second_category_id = c.id)
                                 and l.user_id = v_folder.user_id and not l.is_template))
             order by c.display_order, c.name)
        from public.categories c
       where c.parent_category_id = v_folder.id and c.user_id = v_folder.user_id and not c.is_template), '[]'::jsonb)
  );
end
$$;
