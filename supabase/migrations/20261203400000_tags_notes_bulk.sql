-- Tags, private notes and bulk actions on links.
--
-- * tags: a user's own tags; names are unique per user case-insensitively, trimmed with inner
--   whitespace collapsed, 1..tag_name_max_length() characters without commas, double quotes or
--   control characters (a comma separates tags in imports, a double quote ends a quoted tag:"..").
-- * link_tags: which of the user's links carries which of the user's tags. The composite foreign
--   keys make a link and a tag of two different users impossible to pair, whoever writes the row.
-- * link_notes: a private note per link. Not a column of links: a share's recipient reads the
--   shared link's row (links_select), and must not read its owner's notes or tags.
-- * bulk_*: one atomic call over at most bulk_links_max() ids; security invoker, so RLS decides
--   every row, and ids that are not the caller's are ignored and counted, never touched.
-- The limits are shared/rules/tags.ts's numbers (tests/db/tags.test.ts checks they are equal).

create or replace function public.tag_name_max_length() returns integer language sql immutable set search_path = '' as $$ select 50 $$;
create or replace function public.tags_per_link_max() returns integer language sql immutable set search_path = '' as $$ select 30 $$;
create or replace function public.tags_per_user_max() returns integer language sql immutable set search_path = '' as $$ select 2000 $$;
create or replace function public.link_note_max_length() returns integer language sql immutable set search_path = '' as $$ select 10000 $$;
create or replace function public.bulk_links_max() returns integer language sql immutable set search_path = '' as $$ select 10000 $$;

-- The stored form of a tag name: trimmed, runs of whitespace as one space (shared/rules/tags.ts).
create or replace function public.normalise_tag_name(name text)
returns text language sql immutable set search_path = ''
as $$ select btrim(regexp_replace(coalesce(name, ''), '\s+', ' ', 'g')) $$;

create or replace function public.is_tag_name(name text)
returns boolean language sql immutable set search_path = ''
as $$
  select name is not null
     and name = public.normalise_tag_name(name)
     and char_length(name) between 1 and public.tag_name_max_length()
     and name !~ '[",[:cntrl:]]'
$$;

revoke execute on function public.tag_name_max_length(), public.tags_per_link_max(), public.tags_per_user_max(),
  public.link_note_max_length(), public.bulk_links_max(), public.normalise_tag_name(text), public.is_tag_name(text) from public, anon;
grant execute on function public.tag_name_max_length(), public.tags_per_link_max(), public.tags_per_user_max(),
  public.link_note_max_length(), public.bulk_links_max(), public.normalise_tag_name(text), public.is_tag_name(text) to authenticated, service_role;

-- A link's (id, user_id) pair, for the composite foreign keys below.
create unique index if not exists links_id_user_key on public.links (id, user_id);

create table public.tags (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  constraint tags_name_valid check (public.is_tag_name(name)),
  constraint tags_id_user_key unique (id, user_id)
);
create unique index tags_user_name_key on public.tags (user_id, lower(name));

create table public.link_tags (
  link_id uuid not null,
  tag_id uuid not null,
  user_id uuid not null,
  created_at timestamptz not null default now(),
  constraint link_tags_pkey primary key (link_id, tag_id),
  constraint link_tags_link_fkey foreign key (link_id, user_id) references public.links (id, user_id) on delete cascade,
  constraint link_tags_tag_fkey foreign key (tag_id, user_id) references public.tags (id, user_id) on delete cascade
);
create index link_tags_tag_idx on public.link_tags (tag_id, link_id);
create index link_tags_user_idx on public.link_tags (user_id);

create table public.link_notes (
  link_id uuid primary key,
  user_id uuid not null,
  body text not null,
  updated_at timestamptz not null default now(),
  constraint link_notes_link_fkey foreign key (link_id, user_id) references public.links (id, user_id) on delete cascade,
  constraint link_notes_body_length check (char_length(body) <= public.link_note_max_length())
);
create index link_notes_user_idx on public.link_notes (user_id);

alter table public.tags enable row level security;
alter table public.link_tags enable row level security;
alter table public.link_notes enable row level security;

revoke all on public.tags, public.link_tags, public.link_notes from anon, authenticated;
grant all on public.tags, public.link_tags, public.link_notes to service_role;
grant select, insert, delete on public.tags to authenticated;
grant update (name) on public.tags to authenticated;
grant select, insert, delete on public.link_tags to authenticated;
grant select, insert, update, delete on public.link_notes to authenticated;

create policy tags_select_own on public.tags for select to authenticated using (user_id = (select auth.uid()));
create policy tags_insert_own on public.tags for insert to authenticated with check (user_id = (select auth.uid()));
create policy tags_update_own on public.tags for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy tags_delete_own on public.tags for delete to authenticated using (user_id = (select auth.uid()));

-- The foreign keys tie the link and the tag to user_id; the policies tie user_id to the caller.
create policy link_tags_select_own on public.link_tags for select to authenticated using (user_id = (select auth.uid()));
create policy link_tags_insert_own on public.link_tags for insert to authenticated with check (user_id = (select auth.uid()));
create policy link_tags_delete_own on public.link_tags for delete to authenticated using (user_id = (select auth.uid()));

create policy link_notes_select_own on public.link_notes for select to authenticated using (user_id = (select auth.uid()));
create policy link_notes_insert_own on public.link_notes for insert to authenticated with check (user_id = (select auth.uid()));
create policy link_notes_update_own on public.link_notes for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy link_notes_delete_own on public.link_notes for delete to authenticated using (user_id = (select auth.uid()));

-- Names are stored normalised, whoever writes them.
create or replace function public.normalise_tag_row()
returns trigger language plpgsql set search_path = ''
as $$
begin
  new.name := public.normalise_tag_name(new.name);
  return new;
end
$$;
create trigger tags_normalise before insert or update of name on public.tags
  for each row execute function public.normalise_tag_row();

-- Count limits, checked once per statement (a bulk insert of thousands of rows pays one query).
create or replace function public.check_tags_per_user()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if exists (
    select 1 from public.tags t
     where t.user_id in (select distinct n.user_id from new_tags n)
     group by t.user_id having count(*) > public.tags_per_user_max()
  ) then
    raise exception using errcode = '23514', hint = 'tags_per_user',
      message = format('You can have at most %s tags. Delete or merge some tags first.', public.tags_per_user_max());
  end if;
  return null;
end
$$;
create trigger tags_per_user_limit after insert on public.tags
  referencing new table as new_tags for each statement execute function public.check_tags_per_user();

create or replace function public.check_tags_per_link()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if exists (
    select 1 from public.link_tags lt
     where lt.link_id in (select distinct n.link_id from new_link_tags n)
     group by lt.link_id having count(*) > public.tags_per_link_max()
  ) then
    raise exception using errcode = '23514', hint = 'tags_per_link',
      message = format('A link can have at most %s tags.', public.tags_per_link_max());
  end if;
  return null;
end
$$;
create trigger link_tags_per_link_limit after insert on public.link_tags
  referencing new table as new_link_tags for each statement execute function public.check_tags_per_link();

revoke execute on function public.normalise_tag_row(), public.check_tags_per_user(), public.check_tags_per_link() from public, anon;
grant execute on function public.normalise_tag_row(), public.check_tags_per_user(), public.check_tags_per_link() to service_role;

-- The caller's tags for these names (created when missing), in one statement. Names are
-- normalised and deduplicated case-insensitively; an invalid name raises 22023 naming it.
create or replace function public.ensure_tags(tag_names text[])
returns table (id uuid, name text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_bad text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select x into v_bad from unnest(coalesce(tag_names, '{}')) x where not public.is_tag_name(public.normalise_tag_name(x)) limit 1;
  if found then
    raise exception using errcode = '22023', hint = 'tag_name',
      message = format('"%s" is not a valid tag: use 1 to %s characters, without commas or double quotes.',
                       left(coalesce(v_bad, ''), 60), public.tag_name_max_length());
  end if;
  insert into public.tags (user_id, name)
  select distinct on (lower(public.normalise_tag_name(x))) v_uid, public.normalise_tag_name(x)
    from unnest(tag_names) x
   order by lower(public.normalise_tag_name(x))
  on conflict (user_id, lower(name)) do nothing;
  return query
    select t.id, t.name from public.tags t
     where t.user_id = v_uid
       and lower(t.name) in (select lower(public.normalise_tag_name(x)) from unnest(tag_names) x);
end
$$;

-- Replaces a link's tags with these names (creating missing tags); answers the link's tags.
create or replace function public.set_link_tags(link_id uuid, tag_names text[])
returns table (id uuid, name text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_ids uuid[];
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  perform 1 from public.links l where l.id = set_link_tags.link_id and l.user_id = v_uid and not l.is_template for update;
  if not found then
    raise exception 'Link not found.' using errcode = 'PT404';
  end if;
  select coalesce(array_agg(e.id), '{}') into v_ids from public.ensure_tags(coalesce(tag_names, '{}')) e;
  delete from public.link_tags lt where lt.link_id = set_link_tags.link_id and lt.user_id = v_uid and lt.tag_id <> all (v_ids);
  insert into public.link_tags (link_id, tag_id, user_id)
  select set_link_tags.link_id, t, v_uid from unnest(v_ids) t
  on conflict do nothing;
  return query
    select t.id, t.name from public.link_tags lt join public.tags t on t.id = lt.tag_id
     where lt.link_id = set_link_tags.link_id and lt.user_id = v_uid
     order by lower(t.name);
end
$$;

-- Every tag of the caller with how many links carry it.
create or replace function public.list_tags()
returns table (id uuid, name text, link_count integer, created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select t.id, t.name, (select count(*)::integer from public.link_tags lt where lt.tag_id = t.id), t.created_at
    from public.tags t
   where t.user_id = (select auth.uid())
   order by lower(t.name), t.id
$$;

-- Renames a tag. Another tag of the caller with that name (case-insensitively) is a 409: the
-- caller merges instead (merge_tags).
create or replace function public.rename_tag(tag_id uuid, new_name text)
returns table (id uuid, name text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_name text := public.normalise_tag_name(new_name);
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if not public.is_tag_name(v_name) then
    raise exception using errcode = '22023', hint = 'tag_name',
      message = format('"%s" is not a valid tag: use 1 to %s characters, without commas or double quotes.',
                       left(coalesce(new_name, ''), 60), public.tag_name_max_length());
  end if;
  if exists (select 1 from public.tags t where t.user_id = v_uid and lower(t.name) = lower(v_name) and t.id <> rename_tag.tag_id) then
    raise exception using errcode = '23505', hint = 'tag_exists', message = format('You already have a tag named "%s".', v_name);
  end if;
  return query
    update public.tags t set name = v_name where t.id = rename_tag.tag_id and t.user_id = v_uid returning t.id, t.name;
  if not found then
    raise exception 'Tag not found.' using errcode = 'PT404';
  end if;
end
$$;

-- Merges tags into one: every link that carried a source tag carries the target; the sources go.
create or replace function public.merge_tags(source_tag_ids uuid[], target_tag_id uuid)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_links uuid[];
  v_sources uuid[];
  v_added integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  perform 1 from public.tags t where t.id = target_tag_id and t.user_id = v_uid for update;
  if not found then
    raise exception 'Tag not found.' using errcode = 'PT404';
  end if;
  select coalesce(array_agg(t.id), '{}') into v_sources
    from public.tags t where t.id = any (coalesce(source_tag_ids, '{}')) and t.user_id = v_uid and t.id <> target_tag_id;
  select coalesce(array_agg(distinct lt.link_id), '{}') into v_links
    from public.link_tags lt where lt.tag_id = any (v_sources) and lt.user_id = v_uid;
  -- Sources first: a link at the per-link limit swaps a source for the target without passing it.
  delete from public.tags t where t.id = any (v_sources) and t.user_id = v_uid;
  insert into public.link_tags (link_id, tag_id, user_id)
  select l, target_tag_id, v_uid from unnest(v_links) l
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return json_build_object('merged', cardinality(v_sources), 'links', cardinality(v_links), 'added', v_added);
end
$$;

-- Deletes tags (the links stay).
create or replace function public.delete_tags(tag_ids uuid[])
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_deleted integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  delete from public.tags t where t.id = any (coalesce(tag_ids, '{}')) and t.user_id = v_uid;
  get diagnostics v_deleted = row_count;
  return json_build_object('deleted', v_deleted, 'ignored', cardinality(array(select distinct x from unnest(coalesce(tag_ids, '{}')) x)) - v_deleted);
end
$$;

-- The ids a bulk call may touch: distinct, at most bulk_links_max(), else 22023.
create or replace function public.bulk_ids(link_ids uuid[])
returns uuid[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v uuid[] := array(select distinct x from unnest(coalesce(link_ids, '{}')) x where x is not null);
begin
  if cardinality(v) > public.bulk_links_max() then
    raise exception using errcode = '22023', hint = 'bulk_too_many',
      message = format('Select at most %s links at a time.', public.bulk_links_max());
  end if;
  return v;
end
$$;

-- Moves links to a folder by the primary/secondary rule (shared/rules/category-assignment.ts):
-- category_id is the caller's default folder, second_category_id the chosen one unless that is it.
create or replace function public.bulk_move_links(link_ids uuid[], destination_category_id uuid)
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_ids uuid[] := public.bulk_ids(link_ids);
  v_saved uuid;
  v_moved integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if not public.owns_category(destination_category_id) then
    raise exception 'Folder not found.' using errcode = 'PT404';
  end if;
  select c.id into v_saved from public.categories c where c.user_id = v_uid and c.system_key = 'saved';
  if v_saved is null then
    raise exception 'Your default folder is missing.' using errcode = 'PT409';
  end if;
  update public.links l
     set category_id = v_saved,
         second_category_id = nullif(destination_category_id, v_saved),
         updated_at = now()
   where l.id = any (v_ids) and l.user_id = v_uid and not l.is_template;
  get diagnostics v_moved = row_count;
  return json_build_object('moved', v_moved, 'ignored', cardinality(v_ids) - v_moved);
end
$$;

-- Adds and removes tags on many links at once (tags created when missing).
create or replace function public.bulk_tag_links(link_ids uuid[], add_tags text[] default '{}', remove_tags text[] default '{}')
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_ids uuid[] := public.bulk_ids(link_ids);
  v_mine uuid[];
  v_add uuid[];
  v_added integer;
  v_removed integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select coalesce(array_agg(l.id), '{}') into v_mine
    from public.links l where l.id = any (v_ids) and l.user_id = v_uid and not l.is_template;
  delete from public.link_tags lt
   using public.tags t
   where lt.tag_id = t.id and t.user_id = v_uid and lt.user_id = v_uid and lt.link_id = any (v_mine)
     and lower(t.name) in (select lower(public.normalise_tag_name(x)) from unnest(coalesce(remove_tags, '{}')) x);
  get diagnostics v_removed = row_count;
  select coalesce(array_agg(e.id), '{}') into v_add from public.ensure_tags(coalesce(add_tags, '{}')) e;
  insert into public.link_tags (link_id, tag_id, user_id)
  select l, t, v_uid from unnest(v_mine) l cross join unnest(v_add) t
  on conflict do nothing;
  get diagnostics v_added = row_count;
  return json_build_object('links', cardinality(v_mine), 'ignored', cardinality(v_ids) - cardinality(v_mine),
                           'added', v_added, 'removed', v_removed);
end
$$;

create or replace function public.bulk_delete_links(link_ids uuid[])
returns json
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_ids uuid[] := public.bulk_ids(link_ids);
  v_deleted integer;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  delete from public.links l where l.id = any (v_ids) and l.user_id = v_uid and not l.is_template;
  get diagnostics v_deleted = row_count;
  return json_build_object('deleted', v_deleted, 'ignored', cardinality(v_ids) - v_deleted);
end
$$;

revoke execute on function public.ensure_tags(text[]), public.set_link_tags(uuid, text[]), public.list_tags(),
  public.rename_tag(uuid, text), public.merge_tags(uuid[], uuid), public.delete_tags(uuid[]), public.bulk_ids(uuid[]),
  public.bulk_move_links(uuid[], uuid), public.bulk_tag_links(uuid[], text[], text[]), public.bulk_delete_links(uuid[])
  from public, anon;
grant execute on function public.ensure_tags(text[]), public.set_link_tags(uuid, text[]), public.list_tags(),
  public.rename_tag(uuid, text), public.merge_tags(uuid[], uuid), public.delete_tags(uuid[]), public.bulk_ids(uuid[]),
  public.bulk_move_links(uuid[], uuid), public.bulk_tag_links(uuid[], text[], text[]), public.bulk_delete_links(uuid[])
  to authenticated, service_role;
