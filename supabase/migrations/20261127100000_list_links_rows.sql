-- Issue 11 'Scale': list_links answers each link as a JSON array of its values instead of an object,
-- in the column order below (shared/data/links/api.ts decodes them: LINK_LIST_COLUMNS, same order;
-- list_folder_links does the same since 20261127110000_list_folder_links_head.sql). The keys were
-- about 40 % of a 10,000-link answer (4.4 MB), and the answer's size is most of what the server, the
-- network and JSON.parse spend on a first load. Same rows, same order, same rules as
-- 20261126100000_list_links_one_call.sql (security invoker: RLS decides every row).

create or replace function public.list_links(p_user_id uuid)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    json_agg(
      json_build_array(id, title, url, icon_url, access_count, share_count, created_at, updated_at,
                       category_id, second_category_id, favicon_url, preview_image_url)
      order by created_at desc, id),
    '[]'::json)
  from public.links
  where user_id = p_user_id and not is_template
$$;
