-- One account's reads cannot hold the database: list_links and list_folder_links decide the size of
-- their answer before they build it. Before, list_links on a 100,000-link account built the whole
-- JSON (over a second of database time, every other request waiting behind it) and only then did the
-- REST layer answer 413.
--
--   * Without p_limit: the rows are counted with a cap first (at most link_list_max_rows() + 1 index
--     entries) and their stored bytes summed; past link_list_max_rows() rows or link_list_max_bytes()
--     bytes the answer is 413 (PT413, hint 'page_with_p_limit') and no JSON is built.
--   * With p_limit (1..link_list_max_rows()): one page, newest first, after the keyset
--     (p_after_created_at, p_after_id) of the previous page's last row; the same byte check applies
--     to the page (the client then asks for a smaller page).
-- Numbers: shared/constants.ts LINK_LIST_MAX_ROWS and LINK_LIST_MAX_BYTES (tests/db/abuse-limits.test.ts
-- checks they are equal). Same rows, order and columns as 20261127100000_list_links_rows.sql and
-- 20261127110000_list_folder_links_head.sql; security invoker, so RLS decides every row.

create or replace function public.link_list_max_rows()
returns integer
language sql
immutable
set search_path = ''
as $$ select 10000 $$;

create or replace function public.link_list_max_bytes()
returns integer
language sql
immutable
set search_path = ''
as $$ select 6 * 1024 * 1024 $$;

drop function if exists public.list_links(uuid);

create function public.list_links(
  p_user_id uuid,
  p_limit integer default null,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_max integer := public.link_list_max_rows();
  v_cap integer;
  v_rows integer;
  v_bytes bigint;
begin
  if p_limit is not null and (p_limit < 1 or p_limit > v_max) then
    raise exception 'p_limit must be between 1 and %', v_max using errcode = '22023';
  end if;
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  v_cap := coalesce(p_limit, v_max);
  select count(*), coalesce(sum(s.bytes), 0) into v_rows, v_bytes
    from (
      select octet_length(l.title) + octet_length(l.url) + coalesce(octet_length(l.icon_url), 0)
             + coalesce(octet_length(l.favicon_url), 0) + coalesce(octet_length(l.preview_image_url), 0) as bytes
        from public.links l
       where l.user_id = p_user_id and not l.is_template
         and (p_after_created_at is null or l.created_at < p_after_created_at
              or (l.created_at = p_after_created_at and l.id > p_after_id))
       order by l.created_at desc, l.id
       limit v_cap + case when p_limit is null then 1 else 0 end
    ) s;
  if (p_limit is null and v_rows > v_max) or v_bytes > public.link_list_max_bytes() then
    raise exception using errcode = 'PT413',
      message = 'Too many links for one answer: read them in pages (p_limit).',
      hint = 'page_with_p_limit';
  end if;
  return (
    select coalesce(
      json_agg(
        json_build_array(l.id, l.title, l.url, l.icon_url, l.access_count, l.share_count, l.created_at, l.updated_at,
                         l.category_id, l.second_category_id, l.favicon_url, l.preview_image_url)
        order by l.created_at desc, l.id),
      '[]'::json)
    from (
      select x.id, x.title, x.url, x.icon_url, x.access_count, x.share_count, x.created_at, x.updated_at,
             x.category_id, x.second_category_id, x.favicon_url, x.preview_image_url
        from public.links x
       where x.user_id = p_user_id and not x.is_template
         and (p_after_created_at is null or x.created_at < p_after_created_at
              or (x.created_at = p_after_created_at and x.id > p_after_id))
       order by x.created_at desc, x.id
       limit v_cap
    ) l
  );
end
$$;

revoke execute on function public.list_links(uuid, integer, timestamptz, uuid) from public, anon;
grant execute on function public.list_links(uuid, integer, timestamptz, uuid) to authenticated, service_role;

drop function if exists public.list_folder_links(uuid, uuid, integer);

create function public.list_folder_links(
  p_user_id uuid,
  p_category_id uuid,
  p_limit integer default null,
  p_after_created_at timestamptz default null,
  p_after_id uuid default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_max integer := public.link_list_max_rows();
  v_cap integer;
  v_rows integer;
  v_bytes bigint;
begin
  if p_limit is not null and (p_limit < 1 or p_limit > v_max) then
    raise exception 'p_limit must be between 1 and %', v_max using errcode = '22023';
  end if;
  if (p_after_created_at is null) <> (p_after_id is null) then
    raise exception 'p_after_created_at and p_after_id go together' using errcode = '22023';
  end if;
  v_cap := coalesce(p_limit, v_max);
  select count(*), coalesce(sum(s.bytes), 0) into v_rows, v_bytes
    from (
      select octet_length(l.title) + octet_length(l.url) + coalesce(octet_length(l.icon_url), 0)
             + coalesce(octet_length(l.favicon_url), 0) + coalesce(octet_length(l.preview_image_url), 0)
             + coalesce(octet_length(l.description), 0) as bytes
        from public.links l
       where l.user_id = p_user_id and not l.is_template
         and (l.category_id = p_category_id or l.second_category_id = p_category_id)
         and (p_after_created_at is null or l.created_at < p_after_created_at
              or (l.created_at = p_after_created_at and l.id > p_after_id))
       order by l.created_at desc, l.id
       limit v_cap + case when p_limit is null then 1 else 0 end
    ) s;
  if (p_limit is null and v_rows > v_max) or v_bytes > public.link_list_max_bytes() then
    raise exception using errcode = 'PT413',
      message = 'Too many links for one answer: read them in pages (p_limit).',
      hint = 'page_with_p_limit';
  end if;
  -- The rows are chosen (and cut to the page) before any JSON is built.
  return (
    select coalesce(
      json_agg(
        json_build_array(l.id, l.title, l.url, l.icon_url, l.access_count, l.share_count, l.created_at, l.updated_at,
                         l.category_id, l.second_category_id, l.favicon_url, l.preview_image_url, l.description)
        order by l.created_at desc, l.id),
      '[]'::json)
    from (
      select x.id, x.title, x.url, x.icon_url, x.access_count, x.share_count, x.created_at, x.updated_at,
             x.category_id, x.second_category_id, x.favicon_url, x.preview_image_url, x.description
        from public.links x
       where x.user_id = p_user_id and not x.is_template
         and (x.category_id = p_category_id or x.second_category_id = p_category_id)
         and (p_after_created_at is null or x.created_at < p_after_created_at
              or (x.created_at = p_after_created_at and x.id > p_after_id))
       order by x.created_at desc, x.id
       limit v_cap
    ) l
  );
end
$$;

revoke execute on function public.list_folder_links(uuid, uuid, integer, timestamptz, uuid) from public, anon;
grant execute on function public.list_folder_links(uuid, uuid, integer, timestamptz, uuid) to authenticated, service_role;

revoke execute on function public.link_list_max_rows(), public.link_list_max_bytes() from public, anon;
grant execute on function public.link_list_max_rows(), public.link_list_max_bytes() to authenticated, service_role;
