-- Import (issue 16): bookmarks arrive in batches, never one request per bookmark.
--
-- Both RPCs are SECURITY INVOKER: they run as the caller, so the RLS policies on categories and
-- links (owner = auth.uid(), parents and folders must be the caller's) decide every row written,
-- exactly as for a direct insert. They add the product's rules on top:
--   * import_folders: find-or-create by name per parent (case-insensitive, as the unique index),
--     so re-running an import creates nothing new and a resumed import reuses its folders;
--   * import_links: primary category 'Recently Saved Links', the folder as second category unless
--     it is the default one (part 1 §4); an URL the caller already has (exact match, the client
--     has applied the full duplicate-URL rule before) is skipped, so a re-run inserts nothing.
-- Each call is one transaction: a failed batch leaves nothing of itself behind.

create or replace function public.import_folders(folders jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_created integer := 0;
  v_ids jsonb;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if jsonb_typeof(folders) is distinct from 'array' or jsonb_array_length(folders) > 1000 then
    raise exception 'folders must be an array of at most 1000 items' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_to_recordset(folders) as f(name text, parent_id uuid)
     where f.parent_id is not null and not public.owns_category(f.parent_id)
  ) then
    raise exception 'Folder not found.' using errcode = 'P0002';
  end if;

  with input as (
    select e.ord, f.parent_id, left(coalesce(nullif(btrim(f.name), ''), 'Untitled folder'), 100) as name
      from jsonb_array_elements(folders) with ordinality as e(item, ord)
             cross join lateral jsonb_to_record(e.item) as f(name text, parent_id uuid)
  ), missing as (
    select distinct on (i.parent_id, lower(i.name)) i.parent_id, i.name
      from input i
     where not exists (
       select 1 from public.categories c
        where c.user_id = v_uid and not c.is_template
          and c.parent_category_id is not distinct from i.parent_id and lower(c.name) = lower(i.name)
     )
     order by i.parent_id, lower(i.name), i.ord
  )
  insert into public.categories (user_id, name, parent_category_id)
  select v_uid, m.name, m.parent_id from missing m
  on conflict do nothing;
  get diagnostics v_created = row_count;

  select coalesce(jsonb_agg(found.id order by i.ord), '[]'::jsonb) into v_ids
    from (
      select e.ord, f.parent_id, left(coalesce(nullif(btrim(f.name), ''), 'Untitled folder'), 100) as name
        from jsonb_array_elements(folders) with ordinality as e(item, ord)
             cross join lateral jsonb_to_record(e.item) as f(name text, parent_id uuid)
    ) i
    left join lateral (
      select c.id from public.categories c
       where c.user_id = v_uid and not c.is_template
         and c.parent_category_id is not distinct from i.parent_id and lower(c.name) = lower(i.name)
       limit 1
    ) found on true;

  return jsonb_build_object('ids', v_ids, 'created', v_created);
end
$$;

create or replace function public.import_links(links jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_saved uuid;
  v_total integer;
  v_inserted integer := 0;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if jsonb_typeof(links) is distinct from 'array' or jsonb_array_length(links) > 2000 then
    raise exception 'links must be an array of at most 2000 items' using errcode = '22023';
  end if;
  v_total := jsonb_array_length(links);
  select c.id into v_saved from public.categories c where c.user_id = v_uid and c.system_key = 'saved';
  if v_saved is null then
    raise exception 'Default category ''Recently Saved Links'' not found.' using errcode = 'P0002';
  end if;
  if exists (
    select 1 from jsonb_to_recordset(links) as l(folder_id uuid)
     where l.folder_id is not null and not public.owns_category(l.folder_id)
  ) then
    raise exception 'Folder not found.' using errcode = 'P0002';
  end if;

  with input as (
    select e.ord, btrim(l.url) as url,
           left(coalesce(nullif(btrim(l.title), ''), btrim(l.url)), 500) as title,
           nullif(left(l.description, 5000), '') as description,
           l.folder_id,
           case when l.icon_url ~* '^https?://[^\s]+$' and char_length(l.icon_url) <= 2048 then l.icon_url end as icon_url,
           greatest(coalesce(l.access_count, 0), 0) as access_count,
           coalesce(l.created_at, now()) as created_at
      from jsonb_array_elements(links) with ordinality as e(item, ord)
           cross join lateral jsonb_to_record(e.item)
           as l(title text, url text, description text, folder_id uuid, icon_url text, access_count integer, created_at timestamptz)
  ), fresh as (
    select distinct on (i.url) i.*
      from input i
     where i.url ~* '^https?://[^\s/?#]+([/?#][^\s]*)?$' and char_length(i.url) <= 2048
       and not exists (select 1 from public.links x where x.user_id = v_uid and not x.is_template and x.url = i.url)
     order by i.url, i.ord
  )
  insert into public.links (user_id, title, url, description, category_id, second_category_id, icon_url, access_count, created_at, updated_at)
  select v_uid, f.title, f.url, f.description, v_saved,
         case when f.folder_id is null or f.folder_id = v_saved then null else f.folder_id end,
         f.icon_url, f.access_count, f.created_at, now()
    from fresh f
   order by f.ord;
  get diagnostics v_inserted = row_count;

  return jsonb_build_object('inserted', v_inserted, 'skipped', v_total - v_inserted);
end
$$;

revoke execute on function public.import_folders(jsonb), public.import_links(jsonb) from public, anon;
grant execute on function public.import_folders(jsonb), public.import_links(jsonb) to authenticated;
