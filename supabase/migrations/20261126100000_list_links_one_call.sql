-- Issue 11 'Scale': a 10,000-link dashboard read its list in ten pages of 1,000 (PostgREST caps a
-- response at max_rows), each page sorting the whole list again, plus a count to plan them. These
-- return the whole list as one JSON array in one call: a scalar result, which max_rows does not cap.
-- Security invoker: RLS decides every row exactly as for `select` on links (the caller's own links;
-- asking for another user's id yields an empty list). Columns are the lists' own (shared/data/links/api.ts
-- LINK_LIST_COLUMNS and FOLDER_LINK_COLUMNS), newest first with id as the tie-break, as the pages were.

create or replace function public.list_links(p_user_id uuid)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(l order by l.created_at desc, l.id), '[]'::json)
  from (
    select id, title, url, icon_url, access_count, share_count, created_at, updated_at,
           category_id, second_category_id, favicon_url, preview_image_url
    from public.links
    where user_id = p_user_id and not is_template
  ) l
$$;

create or replace function public.list_folder_links(p_user_id uuid, p_category_id uuid)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(json_agg(l order by l.created_at desc, l.id), '[]'::json)
  from (
    select id, title, url, icon_url, access_count, share_count, created_at, updated_at,
           category_id, second_category_id, favicon_url, preview_image_url, description
    from public.links
    where user_id = p_user_id and not is_template
      and (category_id = p_category_id or second_category_id = p_category_id)
  ) l
$$;

revoke execute on function public.list_links(uuid) from public, anon;
revoke execute on function public.list_folder_links(uuid, uuid) from public, anon;
grant execute on function public.list_links(uuid) to authenticated, service_role;
grant execute on function public.list_folder_links(uuid, uuid) to authenticated, service_role;
