-- One account cannot slow everyone: a link quota per account, and imports paced so they share the
-- database with every other user.
--
-- Numbers (one definition: shared/constants.ts LINK_QUOTA, IMPORT_LINKS_PER_CALL,
-- IMPORT_LINKS_PER_MINUTE; tests/db/abuse-limits.test.ts checks the functions below answer the same):
--   * public.link_quota()               100,000 links per account, every insert path (REST, save_link,
--                                        copies, shares accepted, template copies, imports);
--   * public.import_links_per_call()     500 links per import_links call: one call stays a short
--                                        statement, so a read of another user waits at most that long;
--   * public.import_links_per_minute()   30,000 links offered to import_links per user and minute
--                                        (a fixed one-minute window), then HTTP 429 until it resets.
-- import_links also takes a per-user advisory lock without waiting: a second call of the same user
-- while one runs answers 429 at once instead of holding a connection (on PostgreSQL; the embedded
-- PGlite runs one statement at a time anyway).

create or replace function public.link_quota()
returns integer
language sql
immutable
set search_path = ''
as $$ select 100000 $$;

create or replace function public.import_links_per_call()
returns integer
language sql
immutable
set search_path = ''
as $$ select 500 $$;

create or replace function public.import_links_per_minute()
returns integer
language sql
immutable
set search_path = ''
as $$ select 30000 $$;

-- The readable answer when the quota is reached (shared/rules/link-limits.ts LINK_QUOTA_MESSAGE, equal).
create or replace function public.link_quota_message()
returns text
language sql
immutable
set search_path = ''
as $$ select 'You have reached the limit of 100,000 links. Delete some links to add new ones.' $$;

-- ---------------------------------------------------------------------------------------------
-- Links per account, kept by statement-level triggers (one upsert per statement and owner, never a
-- count(*) per row). Readable by the owner (the import page shows the room left); written only by
-- the triggers.

create table public.link_counts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  links integer not null default 0 check (links >= 0)
);
alter table public.link_counts enable row level security;
revoke all on public.link_counts from anon, authenticated;
grant select on public.link_counts to authenticated;
grant all on public.link_counts to service_role;
create policy link_counts_select_own on public.link_counts
  for select to authenticated using (user_id = (select auth.uid()));

insert into public.link_counts (user_id, links)
select l.user_id, count(*)::integer from public.links l where l.user_id is not null group by l.user_id
on conflict (user_id) do update set links = excluded.links;

create or replace function public.count_inserted_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_over uuid;
begin
  with added as (
    select n.user_id, count(*)::integer as n from new_links n where n.user_id is not null group by n.user_id
  ), counted as (
    insert into public.link_counts as c (user_id, links)
    select a.user_id, a.n from added a
    on conflict (user_id) do update set links = c.links + excluded.links
    returning c.user_id, c.links
  )
  select x.user_id into v_over from counted x where x.links > public.link_quota() limit 1;
  if v_over is not null then
    raise exception using errcode = 'PT403', message = public.link_quota_message(), hint = 'link_quota';
  end if;
  return null;
end
$$;

create or replace function public.count_deleted_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.link_counts c
     set links = greatest(c.links - g.n, 0)
    from (select o.user_id, count(*)::integer as n from old_links o where o.user_id is not null group by o.user_id) g
   where c.user_id = g.user_id;
  return null;
end
$$;

-- A link that changes owner (only the service role can do that) moves between the two counts.
create or replace function public.count_moved_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.user_id is not null then
    update public.link_counts c set links = greatest(c.links - 1, 0) where c.user_id = old.user_id;
  end if;
  if new.user_id is not null then
    insert into public.link_counts as c (user_id, links) values (new.user_id, 1)
    on conflict (user_id) do update set links = c.links + 1;
    if (select c.links from public.link_counts c where c.user_id = new.user_id) > public.link_quota() then
      raise exception using errcode = 'PT403', message = public.link_quota_message(), hint = 'link_quota';
    end if;
  end if;
  return new;
end
$$;

create trigger links_count_insert
  after insert on public.links
  referencing new table as new_links
  for each statement execute function public.count_inserted_links();

create trigger links_count_delete
  after delete on public.links
  referencing old table as old_links
  for each statement execute function public.count_deleted_links();

create trigger links_count_owner_change
  after update of user_id on public.links
  for each row when (old.user_id is distinct from new.user_id)
  execute function public.count_moved_link();

-- ---------------------------------------------------------------------------------------------
-- Import pacing: links offered to import_links per user in the current one-minute window. Server
-- only (RLS on, no policies); taken by a security definer helper that only ever charges the caller.

create table public.import_budgets (
  user_id uuid primary key references auth.users (id) on delete cascade,
  window_start timestamptz not null default now(),
  links integer not null default 0
);
alter table public.import_budgets enable row level security;
revoke all on public.import_budgets from anon, authenticated;
grant all on public.import_budgets to service_role;

-- Charges `n` links to the caller's budget of the current minute; raises 429 (and charges nothing)
-- when that would pass import_links_per_minute(). Harmless to call directly: it only spends the
-- caller's own budget.
create or replace function public.take_import_budget(n integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_used integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  insert into public.import_budgets as b (user_id, window_start, links)
  values (v_uid, now(), greatest(take_import_budget.n, 0))
  on conflict (user_id) do update set
    links = case when b.window_start <= now() - interval '1 minute' then excluded.links else b.links + excluded.links end,
    window_start = case when b.window_start <= now() - interval '1 minute' then now() else b.window_start end
  returning b.links into v_used;
  if v_used > public.import_links_per_minute() then
    raise exception using errcode = 'PT429',
      message = 'You are importing too fast. Please wait a minute and the import will go on.',
      hint = 'import_paced';
  end if;
  return v_used;
end
$$;

-- import_links as in 20261124160000_import_export.sql (security invoker: RLS decides every row),
-- with: at most import_links_per_call() links, one call per user at a time, the minute budget taken
-- before any work, external icon URLs dropped (only our own storage copies are kept, see
-- 20261202200001_own_image_urls.sql) and never more links than the quota leaves room for: the
-- answer says how many did not fit (`over_quota`) instead of failing the whole batch.
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
  v_room integer;
  v_fresh integer;
  v_inserted integer := 0;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if jsonb_typeof(links) is distinct from 'array' or jsonb_array_length(links) > public.import_links_per_call() then
    raise exception 'links must be an array of at most % items', public.import_links_per_call() using errcode = '22023';
  end if;
  v_total := jsonb_array_length(links);
  if not pg_catalog.pg_try_advisory_xact_lock(pg_catalog.hashtextextended('import_links:' || v_uid::text, 0)) then
    raise exception using errcode = 'PT429',
      message = 'Another import of yours is running. Please wait for it to finish.',
      hint = 'import_busy';
  end if;
  perform public.take_import_budget(v_total);

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
  v_room := greatest(public.link_quota() - coalesce((select c.links from public.link_counts c where c.user_id = v_uid), 0), 0);

  with input as (
    select e.ord, btrim(l.url) as url,
           left(coalesce(nullif(btrim(l.title), ''), btrim(l.url)), 500) as title,
           nullif(left(l.description, 5000), '') as description,
           l.folder_id,
           case when public.is_own_image_url(l.icon_url) then l.icon_url end as icon_url,
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
  ), inserted as (
    insert into public.links (user_id, title, url, description, category_id, second_category_id, icon_url, access_count, created_at, updated_at)
    select v_uid, f.title, f.url, f.description, v_saved,
           case when f.folder_id is null or f.folder_id = v_saved then null else f.folder_id end,
           f.icon_url, f.access_count, f.created_at, now()
      from fresh f
     order by f.ord
     limit v_room
    returning 1
  )
  select (select count(*) from fresh)::integer, (select count(*) from inserted)::integer into v_fresh, v_inserted;

  return jsonb_build_object(
    'inserted', v_inserted,
    'skipped', v_total - v_fresh,
    'over_quota', v_fresh - v_inserted
  );
end
$$;

revoke execute on function public.import_links(jsonb) from public, anon;
grant execute on function public.import_links(jsonb) to authenticated;
revoke execute on function public.take_import_budget(integer) from public, anon;
grant execute on function public.take_import_budget(integer) to authenticated, service_role;
revoke execute on function public.count_inserted_links(), public.count_deleted_links(), public.count_moved_link() from public, anon, authenticated;
revoke execute on function public.link_quota(), public.import_links_per_call(), public.import_links_per_minute(), public.link_quota_message() from public, anon;
grant execute on function public.link_quota(), public.import_links_per_call(), public.import_links_per_minute(), public.link_quota_message() to authenticated, service_role;
