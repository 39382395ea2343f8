-- Featured links on the public page: the owner picks saved links and whole folders, in order, each
-- with an optional title and image. Owners write their own rows (RLS, column grants: never the
-- counter). Visitors read them only through get_public_page_links, which asks
-- get_public_page_by_slug whether the caller may see the page, and count an open only through
-- count_featured_open, which increments one counter and stores nothing about the visitor.

create table public.page_featured_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  link_id uuid references public.links (id) on delete cascade,
  category_id uuid references public.categories (id) on delete cascade,
  position integer not null default 0,
  custom_title text,
  image_url text,
  open_count integer not null default 0,
  -- The counter's per-item pacing window (not visitor data): at most featured_opens_per_minute() a minute.
  opens_window_start timestamptz,
  opens_in_window integer not null default 0,
  created_at timestamptz not null default now(),
  constraint page_featured_items_one_target check (num_nonnulls(link_id, category_id) = 1),
  constraint page_featured_items_title_length check (
    custom_title is null or (btrim(custom_title) <> '' and char_length(custom_title) <= 100)
  ),
  constraint page_featured_items_position_range check (position between 0 and 999),
  constraint page_featured_items_counts_non_negative check (open_count >= 0 and opens_in_window >= 0)
);

create unique index page_featured_items_link_key on public.page_featured_items (user_id, link_id) where link_id is not null;
create unique index page_featured_items_category_key on public.page_featured_items (user_id, category_id) where category_id is not null;
create index page_featured_items_order_idx on public.page_featured_items (user_id, position);
create index page_featured_items_link_idx on public.page_featured_items (link_id);
create index page_featured_items_category_idx on public.page_featured_items (category_id);

-- The limits, one definition each (equal to shared/rules/featured-links.ts; tests/db/featured-links.test.ts).
create or replace function public.featured_items_max()
returns integer language sql immutable set search_path = '' as $$ select 100 $$;
create or replace function public.featured_folder_links_max()
returns integer language sql immutable set search_path = '' as $$ select 25 $$;
create or replace function public.featured_opens_per_minute()
returns integer language sql immutable set search_path = '' as $$ select 60 $$;
revoke execute on function public.featured_items_max(), public.featured_folder_links_max(), public.featured_opens_per_minute()
  from public, anon;
grant execute on function public.featured_items_max(), public.featured_folder_links_max(), public.featured_opens_per_minute()
  to authenticated, service_role;

create or replace function public.page_featured_items_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and (
    select count(*) from public.page_featured_items f where f.user_id = new.user_id
  ) >= public.featured_items_max() then
    raise exception 'At most % featured links.', public.featured_items_max() using errcode = '23514';
  end if;
  if (tg_op = 'INSERT' or new.image_url is distinct from old.image_url) and not public.is_own_image_url(new.image_url) then
    raise exception '%', public.own_image_url_message() using errcode = '23514', hint = 'image_url';
  end if;
  return new;
end
$$;
revoke execute on function public.page_featured_items_guard() from public, anon, authenticated;

create trigger page_featured_items_guard before insert or update on public.page_featured_items
  for each row execute function public.page_featured_items_guard();

alter table public.page_featured_items enable row level security;

create policy page_featured_items_select_own on public.page_featured_items
  for select to authenticated using (user_id = (select auth.uid()));
create policy page_featured_items_insert_own on public.page_featured_items
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (link_id is null or public.owns_link(link_id))
    and (category_id is null or public.owns_category(category_id))
  );
create policy page_featured_items_update_own on public.page_featured_items
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (link_id is null or public.owns_link(link_id))
    and (category_id is null or public.owns_category(category_id))
  );
create policy page_featured_items_delete_own on public.page_featured_items
  for delete to authenticated using (user_id = (select auth.uid()));

revoke all on public.page_featured_items from anon, authenticated, public;
grant select, delete on public.page_featured_items to authenticated;
-- Never the counter or its window: only count_featured_open writes those.
grant insert (user_id, link_id, category_id, position, custom_title, image_url) on public.page_featured_items to authenticated;
grant update (position, custom_title, image_url) on public.page_featured_items to authenticated;
grant all on public.page_featured_items to service_role;

-- The Studio's save: replaces the caller's list in one transaction, keeping the open counts of the
-- items that stay. Security invoker: RLS and the column grants apply. Answers how many are saved.
create or replace function public.save_featured_items(items jsonb)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_item jsonb;
  v_link uuid;
  v_category uuid;
  v_pos integer := 0;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if jsonb_typeof(items) is distinct from 'array' then
    raise exception 'Featured links must be a list.' using errcode = '22023';
  end if;
  if jsonb_array_length(items) > public.featured_items_max() then
    raise exception 'At most % featured links.', public.featured_items_max() using errcode = '23514';
  end if;
  if exists (select 1 from jsonb_array_elements(items) e where jsonb_typeof(e) <> 'object')
     or (select count(*) from jsonb_array_elements(items))
        <> (select count(distinct (e ->> 'link_id', e ->> 'category_id')) from jsonb_array_elements(items) e) then
    raise exception 'Each featured link appears once.' using errcode = '22023';
  end if;

  delete from public.page_featured_items f
   where f.user_id = v_uid
     and not exists (
       select 1 from jsonb_array_elements(items) e
        where (e ->> 'link_id')::uuid is not distinct from f.link_id
          and (e ->> 'category_id')::uuid is not distinct from f.category_id
     );

  for v_item in select value from jsonb_array_elements(items) loop
    v_link := (v_item ->> 'link_id')::uuid;
    v_category := (v_item ->> 'category_id')::uuid;
    update public.page_featured_items f
       set position = v_pos,
           custom_title = nullif(btrim(coalesce(v_item ->> 'custom_title', '')), ''),
           image_url = nullif(btrim(coalesce(v_item ->> 'image_url', '')), '')
     where f.user_id = v_uid and f.link_id is not distinct from v_link and f.category_id is not distinct from v_category;
    if not found then
      insert into public.page_featured_items (user_id, link_id, category_id, position, custom_title, image_url)
      values (
        v_uid, v_link, v_category, v_pos,
        nullif(btrim(coalesce(v_item ->> 'custom_title', '')), ''),
        nullif(btrim(coalesce(v_item ->> 'image_url', '')), '')
      );
    end if;
    v_pos := v_pos + 1;
  end loop;
  return v_pos;
end
$$;
revoke execute on function public.save_featured_items(jsonb) from public, anon;
grant execute on function public.save_featured_items(jsonb) to authenticated, service_role;

-- /{slug}'s featured links: [] unless get_public_page_by_slug answers 'ok' for this caller (so the
-- same rules: published, visibility, exclusive members, deactivated owner). Only http(s) links.
create or replace function public.get_public_page_links(slug_param text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_owner uuid;
  v_reason text;
begin
  select p.reason, p.user_id into v_reason, v_owner from public.get_public_page_by_slug(get_public_page_links.slug_param) p;
  if v_reason is distinct from 'ok' or v_owner is null then
    return '[]'::jsonb;
  end if;
  return coalesce((
    select jsonb_agg(t.item order by t.pos, t.created_at)
      from (
        select f.position as pos, f.created_at, jsonb_build_object(
          'id', f.id,
          'kind', case when f.link_id is not null then 'link' else 'folder' end,
          'title', coalesce(f.custom_title, l.title, c.name),
          'image_url', f.image_url,
          'url', l.url,
          'favicon_url', l.favicon_url,
          'links', case when f.category_id is not null then coalesce((
            select jsonb_agg(jsonb_build_object('title', x.title, 'url', x.url, 'favicon_url', x.favicon_url) order by x.created_at desc, x.id)
              from (
                select fl.title, fl.url, fl.favicon_url, fl.created_at, fl.id
                  from public.links fl
                 where fl.user_id = v_owner and not fl.is_template
                   and (fl.category_id = f.category_id or fl.second_category_id = f.category_id)
                   and fl.url ~* '^https?://'
                 order by fl.created_at desc, fl.id
                 limit public.featured_folder_links_max()
              ) x
          ), '[]'::jsonb) end
        ) as item
          from public.page_featured_items f
          left join public.links l on l.id = f.link_id and l.user_id = v_owner and not l.is_template
          left join public.categories c on c.id = f.category_id and c.user_id = v_owner and not c.is_template
         where f.user_id = v_owner
           and ((l.id is not null and l.url ~* '^https?://') or c.id is not null)
         order by f.position, f.created_at
         limit public.featured_items_max()
      ) t
  ), '[]'::jsonb);
end
$$;
revoke execute on function public.get_public_page_links(text) from public;
grant execute on function public.get_public_page_links(text) to anon, authenticated, service_role;

-- A visitor opened a featured item: +1 on that item's counter, nothing else is written and nothing
-- about the visitor is stored. Counted only on a page the caller may see as a visitor (published,
-- owner not deactivated, public or exclusive with the caller a member), never the owner's own
-- clicks, and at most featured_opens_per_minute() per item a minute. Answers whether it counted.
create or replace function public.count_featured_open(item_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_owner uuid;
  v_privacy public.user_privacy_settings%rowtype;
begin
  select f.user_id into v_owner from public.page_featured_items f where f.id = count_featured_open.item_id;
  if v_owner is null or v_owner = v_uid then
    return false;
  end if;
  select * into v_privacy from public.user_privacy_settings s where s.user_id = v_owner;
  if v_privacy.deactivated_at is not null or not coalesce(v_privacy.public_page_published, false) then
    return false;
  end if;
  if v_privacy.public_page_visibility is distinct from 'public' and not (
    v_privacy.public_page_visibility = 'exclusive' and v_uid is not null
    and exists (select 1 from public.public_page_members m where m.owner_id = v_owner and m.member_user_id = v_uid)
  ) then
    return false;
  end if;
  update public.page_featured_items f
     set open_count = least(f.open_count, 2147483646) + 1,
         opens_window_start = case when f.opens_window_start is null or f.opens_window_start <= now() - interval '1 minute'
                                   then now() else f.opens_window_start end,
         opens_in_window = case when f.opens_window_start is null or f.opens_window_start <= now() - interval '1 minute'
                                then 1 else f.opens_in_window + 1 end
   where f.id = count_featured_open.item_id
     and (f.opens_window_start is null or f.opens_window_start <= now() - interval '1 minute'
          or f.opens_in_window < public.featured_opens_per_minute());
  return found;
end
$$;
revoke execute on function public.count_featured_open(uuid) from public;
grant execute on function public.count_featured_open(uuid) to anon, authenticated, service_role;
