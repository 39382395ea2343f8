-- Issue 11 'Scale': list_folder_links answers each link as an array of its values, as list_links
-- does since 20261127100000_list_links_rows.sql (FOLDER_LINK_COLUMNS order: LINK_LIST_COLUMNS, then
-- description), and takes an optional p_limit (null: every link), so a 10,000-link folder shows its
-- first rows from a small answer while the whole list loads (web/src/routes/category/folder-view.tsx).
-- Same rows, order and rules as 20261126100000_list_links_one_call.sql (security invoker: RLS decides).

drop function if exists public.list_folder_links(uuid, uuid);

create function public.list_folder_links(p_user_id uuid, p_category_id uuid, p_limit integer default null)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  -- The rows are chosen (and cut to p_limit) before any JSON is built: built for every row first,
  -- a first screen of a 10,000-link folder cost as much as the whole list (44 ms here).
  select coalesce(
    json_agg(
      json_build_array(l.id, l.title, l.url, l.icon_url, l.access_count, l.share_count, l.created_at, l.updated_at,
                       l.category_id, l.second_category_id, l.favicon_url, l.preview_image_url, l.description)
      order by l.created_at desc, l.id),
    '[]'::json)
  from (
    select id, title, url, icon_url, access_count, share_count, created_at, updated_at,
           category_id, second_category_id, favicon_url, preview_image_url, description
    from public.links
    where user_id = p_user_id and not is_template
      and (category_id = p_category_id or second_category_id = p_category_id)
    order by created_at desc, id
    limit p_limit
  ) l
$$;

revoke execute on function public.list_folder_links(uuid, uuid, integer) from public, anon;
grant execute on function public.list_folder_links(uuid, uuid, integer) to authenticated, service_role;
