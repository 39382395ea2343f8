-- Public folders: the owner publishes one of their own folders read-only at /{profile slug}/{folder
-- slug}. One public_folders row per published folder; the owner writes it (RLS, column grants: never
-- the counter). Unpublishing sets published = false and keeps the address, the description and the
-- opens for a later publish. Visitors read a folder only through get_public_folder and count an open
-- only through count_public_folder_open, which adds 1 and stores nothing about the visitor.

-- The folder's address inside the owner's namespace: the profile URL name's shape (shared/rules/slug-pattern.ts),
-- and never 'preview', which /{slug}/preview already is (shared/rules/public-folder.ts, the same rule).
create or replace function public.is_folder_slug(slug text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select slug ~ '^[A-Za-z0-9_-]{3,30}$' and lower(slug) <> 'preview'
$$;
revoke execute on function public.is_folder_slug(text) from public, anon;
grant execute on function public.is_folder_slug(text) to authenticated, service_role;

-- At most this many links on a public folder, newest first (equal to PUBLIC_FOLDER_LINKS_MAX).
create or replace function public.public_folder_links_max()
returns integer language sql immutable set search_path = '' as $$ select 500 $$;
revoke execute on function public.public_folder_links_max() from public, anon;
grant execute on function public.public_folder_links_max() to authenticated, service_role;

-- A folder slug from its name: ASCII letters and digits, dashes between words, 3-30 characters.
create or replace function public.folder_slug_from_name(folder_name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when char_length(s) >= 3 and lower(s) <> 'preview' then s
    when s = '' then 'folder'
    else s || '-folder'
  end
  from (
    select btrim(left(btrim(regexp_replace(
      translate(lower(coalesce(folder_name, '')), 'àáâãäåāçćčèéêëēęìíîïīłñńòóôõöøōśšùúûüūýÿžźż', 'aaaaaaaccceeeeeeiiiiilnnoooooooossuuuuuyyzzz'),
      '[^a-z0-9]+', '-', 'g'), '-'), 30), '-') as s
  ) x
$$;
revoke execute on function public.folder_slug_from_name(text) from public, anon;
grant execute on function public.folder_slug_from_name(text) to authenticated, service_role;

create table public.public_folders (
  id uuid primary key default gen_random_uuid(),
  folder_id uuid not null unique references public.categories (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  slug text not null,
  description text,
  published boolean not null default true,
  noindex boolean not null default false,
  open_count integer not null default 0,
  -- The counter's pacing window (not visitor data): at most featured_opens_per_minute() a minute.
  opens_window_start timestamptz,
  opens_in_window integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint public_folders_slug_valid check (public.is_folder_slug(slug)),
  constraint public_folders_description_length check (
    description is null or (btrim(description) <> '' and char_length(description) <= 300)
  ),
  constraint public_folders_counts_non_negative check (open_count >= 0 and opens_in_window >= 0)
);
-- One address per folder of an owner, case-insensitive (23505 when taken).
create unique index public_folders_owner_slug_key on public.public_folders (user_id, lower(slug));
create index public_folders_user_idx on public.public_folders (user_id);

-- Only the owner's own, ordinary folders: not the default and system folders (Recently Saved Links,
-- the incoming tree) and not templates. Fills the slug from the folder's name when none is given,
-- with -2, -3, … when the owner already uses it.
create or replace function public.public_folders_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_base text;
  v_candidate text;
  v_n integer := 2;
begin
  if tg_op = 'UPDATE' and (new.folder_id is distinct from old.folder_id or new.user_id is distinct from old.user_id) then
    raise exception 'A public folder stays the folder it was published for.' using errcode = '23514';
  end if;
  if not exists (select 1 from public.categories c where c.id = new.folder_id and c.user_id = new.user_id and not c.is_template) then
    raise exception 'You can only publish your own folders.' using errcode = '42501';
  end if;
  select c.name into v_name from public.categories c
   where c.id = new.folder_id and c.user_id = new.user_id
     and not c.is_template and not c.is_default and c.system_key is null;
  if v_name is null then
    raise exception 'Default folders cannot be published.' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' and (new.slug is null or btrim(new.slug) = '') then
    v_base := public.folder_slug_from_name(v_name);
    v_candidate := v_base;
    while exists (
      select 1 from public.public_folders p where p.user_id = new.user_id and lower(p.slug) = lower(v_candidate)
    ) loop
      v_candidate := btrim(left(v_base, 30 - char_length('-' || v_n)), '-') || '-' || v_n;
      v_n := v_n + 1;
    end loop;
    new.slug := v_candidate;
  end if;
  new.description := nullif(btrim(coalesce(new.description, '')), '');
  return new;
end
$$;
revoke execute on function public.public_folders_guard() from public, anon, authenticated;

create trigger public_folders_guard before insert or update on public.public_folders
  for each row execute function public.public_folders_guard();
create trigger public_folders_set_updated_at before update on public.public_folders
  for each row execute function public.set_updated_at();

alter table public.public_folders enable row level security;

create policy public_folders_select_own on public.public_folders
  for select to authenticated using (user_id = (select auth.uid()));
create policy public_folders_insert_own on public.public_folders
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.owns_category(folder_id));
create policy public_folders_update_own on public.public_folders
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and public.owns_category(folder_id));
create policy public_folders_delete_own on public.public_folders
  for delete to authenticated using (user_id = (select auth.uid()));
-- Two-factor: the restrictive policy every table with RLS carries (20261204900000_mfa_aal2_policies.sql).
create policy mfa_aal2_when_enrolled on public.public_folders as restrictive for all to authenticated
  using ((select private.session_meets_mfa())) with check ((select private.session_meets_mfa()));

revoke all on public.public_folders from anon, authenticated, public;
grant select, delete on public.public_folders to authenticated;
-- Never the counter or its window: only count_public_folder_open writes those.
grant insert (user_id, folder_id, slug, description, published, noindex) on public.public_folders to authenticated;
grant update (slug, description, published, noindex) on public.public_folders to authenticated;
grant all on public.public_folders to service_role;

-- /{profile slug}/{folder slug}: the folder and its links (newest first, http(s) only), or null when
-- there is no such published folder or the owner's account is deactivated. The profile URL name is
-- resolved as get_public_page_by_slug resolves it (URL name, else username). The owner's profile page
-- settings do not gate a published folder (publishing it is its own choice); `profile_public` only
-- says whether the header may link to that page. The same answer for every caller.
create or replace function public.get_public_folder(profile_slug text, folder_slug text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_profile_slug text := btrim(coalesce(get_public_folder.profile_slug, ''));
  v_folder_slug text := btrim(coalesce(get_public_folder.folder_slug, ''));
  v_profile public.profiles%rowtype;
  v_page public.webpage_settings%rowtype;
  v_public public.public_folders%rowtype;
  v_name text;
begin
  if v_profile_slug !~ '^[A-Za-z0-9_-]{1,30}$' or not public.is_folder_slug(v_folder_slug) then
    return null;
  end if;
  select * into v_profile from public.profiles p where lower(p.public_page_slug) = lower(v_profile_slug);
  if not found then
    select * into v_profile from public.profiles p where lower(p.username) = lower(v_profile_slug);
  end if;
  if v_profile.user_id is null or public.account_deactivated(v_profile.user_id) then
    return null;
  end if;
  select pf.* into v_public from public.public_folders pf
   where pf.user_id = v_profile.user_id and lower(pf.slug) = lower(v_folder_slug) and pf.published;
  if v_public.id is null then
    return null;
  end if;
  select c.name into v_name from public.categories c
   where c.id = v_public.folder_id and c.user_id = v_profile.user_id
     and not c.is_template and not c.is_default and c.system_key is null;
  if v_name is null then
    return null;
  end if;
  select * into v_page from public.webpage_settings w where w.user_id = v_profile.user_id;

  return jsonb_build_object(
    'id', v_public.id,
    'slug', v_public.slug,
    'name', v_name,
    'description', v_public.description,
    'noindex', v_public.noindex,
    'profile', jsonb_build_object(
      'slug', coalesce(v_profile.public_page_slug, v_profile.username),
      'username', v_profile.username,
      'public_display_name', v_page.public_display_name,
      'first_name', case when v_profile.name_visible then v_profile.first_name end,
      'last_name', case when v_profile.name_visible then v_profile.last_name end,
      'theme_mode', coalesce(v_page.theme_mode, 'light'),
      'accent_color', coalesce(v_page.accent_color, '#3b82f6'),
      'public', exists (
        select 1 from public.user_privacy_settings s
         where s.user_id = v_profile.user_id and s.public_page_published and s.public_page_visibility = 'public'
      )
    ),
    'link_count', (
      select count(*) from public.links l
       where l.user_id = v_profile.user_id and not l.is_template
         and (l.category_id = v_public.folder_id or l.second_category_id = v_public.folder_id)
         and l.url ~* '^https?://'
    ),
    'links', coalesce((
      select jsonb_agg(jsonb_build_object(
               'title', x.title,
               'url', x.url,
               'favicon_url', x.favicon_url,
               'description', x.description,
               'tags', coalesce((
                 select jsonb_agg(t.name order by lower(t.name))
                   from public.link_tags lt join public.tags t on t.id = lt.tag_id and t.user_id = lt.user_id
                  where lt.link_id = x.id and lt.user_id = v_profile.user_id
               ), '[]'::jsonb)
             ) order by x.created_at desc, x.id)
        from (
          select l.id, l.title, l.url, l.favicon_url, left(l.description, 500) as description, l.created_at
            from public.links l
           where l.user_id = v_profile.user_id and not l.is_template
             and (l.category_id = v_public.folder_id or l.second_category_id = v_public.folder_id)
             and l.url ~* '^https?://'
           order by l.created_at desc, l.id
           limit public.public_folder_links_max()
        ) x
    ), '[]'::jsonb)
  );
end
$$;
revoke execute on function public.get_public_folder(text, text) from public;
grant execute on function public.get_public_folder(text, text) to anon, authenticated, service_role;

-- A visitor opened a link of a public folder: +1 on that folder's counter, nothing else is written
-- and nothing about the visitor is stored. Counted only while the folder is published and the account
-- live, never the owner's own clicks, and at most featured_opens_per_minute() per folder a minute
-- (the public page's pacing). Answers whether it counted.
create or replace function public.count_public_folder_open(public_folder_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_owner uuid;
begin
  select pf.user_id into v_owner from public.public_folders pf
   where pf.id = count_public_folder_open.public_folder_id and pf.published;
  if v_owner is null or v_owner = v_uid or public.account_deactivated(v_owner) then
    return false;
  end if;
  update public.public_folders pf
     set open_count = least(pf.open_count, 2147483646) + 1,
         opens_window_start = case when pf.opens_window_start is null or pf.opens_window_start <= now() - interval '1 minute'
                                   then now() else pf.opens_window_start end,
         opens_in_window = case when pf.opens_window_start is null or pf.opens_window_start <= now() - interval '1 minute'
                                then 1 else pf.opens_in_window + 1 end
   where pf.id = count_public_folder_open.public_folder_id
     and (pf.opens_window_start is null or pf.opens_window_start <= now() - interval '1 minute'
          or pf.opens_in_window < public.featured_opens_per_minute());
  return found;
end
$$;
revoke execute on function public.count_public_folder_open(uuid) from public;
grant execute on function public.count_public_folder_open(uuid) to anon, authenticated, service_role;
