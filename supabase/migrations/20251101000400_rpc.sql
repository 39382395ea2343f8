-- RPCs (PostgREST /rpc/<name>): everything a screen needs in one round trip, each checking the
-- caller itself. Conventions:
--   * security definer, search_path = '', every object schema-qualified;
--   * every id argument is checked against auth.uid(): another user's id changes nothing and
--     returns nothing (reads: empty/NULL/0; writes: an error, SQLSTATE P0002 'not found');
--   * executable by `authenticated` only, except get_public_page_by_slug (also anon) and the
--     admin_* / *_email_change_* functions (service role only); the sweep at the end enforces it.
-- Parameters are named as supabase-js passes them: rpc('save_link', { link_title: ..., ... }).

-- ---------------------------------------------------------------------------------------------
-- Internal helpers (not executable by clients).

-- Where the part-1 rule puts a link saved into `dest`: primary = 'Recently Saved Links',
-- secondary = the chosen folder unless that is the default one.
create or replace function public._saved_category_id(owner_id uuid)
returns uuid
language sql
stable
set search_path = ''
as $$
  select c.id from public.categories c where c.user_id = owner_id and c.system_key = 'saved'
$$;

create or replace function public._system_category_id(owner_id uuid, key text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select c.id from public.categories c where c.user_id = owner_id and c.system_key = key
$$;

-- Copies one template folder (and, recursively, its subfolders and links) for target.
create or replace function public._copy_category_tree(source_id uuid, target_user uuid, new_parent_id uuid, new_name text, depth integer)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_src public.categories%rowtype;
  v_new_id uuid;
  v_child record;
begin
  if depth > 20 then
    raise exception 'Folder tree is too deep to copy.' using errcode = '54001';
  end if;
  select * into v_src from public.categories c where c.id = source_id;
  insert into public.categories (user_id, name, icon_url, parent_category_id, display_order, ai_enhanced, is_template, is_default)
  values (target_user, coalesce(new_name, v_src.name), v_src.icon_url, new_parent_id, v_src.display_order, v_src.ai_enhanced, false, false)
  returning id into v_new_id;

  insert into public.links (user_id, title, url, description, category_id, icon_url, is_template, template_source_id, ai_enhanced, created_at, updated_at)
  select target_user, l.title, l.url, l.description, v_new_id, l.icon_url, false, l.id, l.ai_enhanced, l.created_at, now()
    from public.links l
   where l.category_id = source_id and l.is_template;

  for v_child in
    select c.id from public.categories c where c.parent_category_id = source_id and c.is_template order by c.display_order, c.name
  loop
    perform public._copy_category_tree(v_child.id, target_user, v_new_id, null, depth + 1);
  end loop;
  return v_new_id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- copy_template_category: copy a template folder (subfolders and links included) into a user's
-- collection. The target must be the caller unless an admin calls. The copy gets the template's
-- name, or 'Name (2)', 'Name (3)', ... when the user already has a top-level folder of that name.
-- Copied links sit in the copied folders (category_id) and remember template_source_id.
-- Returns the new top-level category id.

create or replace function public.copy_template_category(template_category_id uuid, target_user_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_src public.categories%rowtype;
  v_name text;
  v_n integer := 1;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if copy_template_category.target_user_id is null
     or (copy_template_category.target_user_id <> v_uid and not public.is_admin()) then
    raise exception 'You can only copy templates into your own collection.' using errcode = '42501';
  end if;
  select * into v_src from public.categories c
   where c.id = copy_template_category.template_category_id and c.is_template;
  if not found then
    raise exception 'Template not found.' using errcode = 'P0002';
  end if;
  if not exists (select 1 from auth.users u where u.id = copy_template_category.target_user_id) then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  v_name := v_src.name;
  while exists (
    select 1 from public.categories c
     where c.user_id = copy_template_category.target_user_id and c.parent_category_id is null
       and lower(c.name) = lower(v_name)
  ) loop
    v_n := v_n + 1;
    v_name := v_src.name || ' (' || v_n || ')';
  end loop;
  return public._copy_category_tree(v_src.id, copy_template_category.target_user_id, null, v_name, 0);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- get_public_page_by_slug: one row, always. The page (profile display fields + webpage settings)
-- when viewable: published and public; or the caller is the owner or an admin; or the page is
-- exclusive and the caller an allowed member. Otherwise only `reason` (and the slug asked for):
--   'not_found'   no profile has this slug (or username)
--   'unpublished' "The profile for @{slug} hasn't been published yet."
--   'private'     "This page is private."
--   'exclusive'   "This page is exclusive to allowed members."
-- A slug matches public_page_slug first, then a username (case-insensitive).

create or replace function public.get_public_page_by_slug(slug_param text)
returns table (
  reason text,
  viewable boolean,
  is_owner boolean,
  slug text,
  user_id uuid,
  username text,
  first_name text,
  last_name text,
  icon_outline_color text,
  public_page_published boolean,
  public_page_visibility text,
  main_photo_path text,
  main_photo_size text,
  message_image_paths text[],
  message_boxes text[],
  message_titles text[],
  banner_message text,
  banner_background_url text,
  bio text,
  website_url text,
  twitter_handle text,
  instagram_handle text,
  linkedin_url text,
  public_display_name text,
  company_name text,
  links_section_title text,
  profile_section_title text,
  bio_social_section_title text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_slug text := btrim(coalesce(get_public_page_by_slug.slug_param, ''));
  v_profile public.profiles%rowtype;
  v_privacy public.user_privacy_settings%rowtype;
  v_page public.webpage_settings%rowtype;
  v_uid uuid := auth.uid();
  v_owner boolean;
  v_reason text;
begin
  if v_slug !~ '^[A-Za-z0-9_-]{1,30}$' then
    return query select 'not_found'::text, false, false, v_slug, null::uuid, null::text, null::text, null::text, null::text,
      null::boolean, null::text, null::text, null::text, null::text[], null::text[], null::text[], null::text, null::text,
      null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text;
    return;
  end if;

  select * into v_profile from public.profiles p where lower(p.public_page_slug) = lower(v_slug);
  if not found then
    select * into v_profile from public.profiles p where lower(p.username) = lower(v_slug);
  end if;
  if v_profile.user_id is null then
    v_reason := 'not_found';
  else
    select * into v_privacy from public.user_privacy_settings s where s.user_id = v_profile.user_id;
    v_owner := v_uid is not null and v_uid = v_profile.user_id;
    if v_owner or (v_uid is not null and public.is_admin()) then
      v_reason := 'ok';
    elsif not coalesce(v_privacy.public_page_published, false) then
      v_reason := 'unpublished';
    elsif v_privacy.public_page_visibility = 'public' then
      v_reason := 'ok';
    elsif v_privacy.public_page_visibility = 'exclusive' then
      if v_uid is not null and exists (
        select 1 from public.public_page_members m where m.owner_id = v_profile.user_id and m.member_user_id = v_uid
      ) then
        v_reason := 'ok';
      else
        v_reason := 'exclusive';
      end if;
    else
      v_reason := 'private';
    end if;
  end if;

  if v_reason <> 'ok' then
    return query select v_reason, false, false, v_slug, null::uuid, null::text, null::text, null::text, null::text,
      null::boolean, null::text, null::text, null::text, null::text[], null::text[], null::text[], null::text, null::text,
      null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text;
    return;
  end if;

  select * into v_page from public.webpage_settings w where w.user_id = v_profile.user_id;
  return query select
    'ok'::text, true, coalesce(v_owner, false), coalesce(v_profile.public_page_slug, v_profile.username),
    v_profile.user_id, v_profile.username,
    case when v_profile.name_visible then v_profile.first_name end,
    case when v_profile.name_visible then v_profile.last_name end,
    v_profile.icon_outline_color,
    coalesce(v_privacy.public_page_published, false), coalesce(v_privacy.public_page_visibility, 'private'),
    v_page.main_photo_path, coalesce(v_page.main_photo_size, 'medium'),
    coalesce(v_page.message_image_paths, '{}'::text[]),
    coalesce(v_page.message_boxes, array['', '', '', '', '', '', '']::text[]),
    coalesce(v_page.message_titles, array['Message Box 1', 'Message Box 2', 'Message Box 3', 'Message Box 4', 'Message Box 5', 'Message Box 6', 'Message Box 7']::text[]),
    coalesce(v_page.banner_message, 'Welcome to my page.'), v_page.banner_background_url, v_page.bio,
    v_page.website_url, v_page.twitter_handle, v_page.instagram_handle, v_page.linkedin_url,
    v_page.public_display_name, v_page.company_name, v_page.links_section_title,
    coalesce(v_page.profile_section_title, 'Profile'), coalesce(v_page.bio_social_section_title, 'Bio & Social');
end
$$;

-- ---------------------------------------------------------------------------------------------
-- search_usernames: share-dialog suggestions. At least 2 characters, at most 5 rows, only
-- username/first_name/last_name (names hidden when the user hid them), never the caller.

create or replace function public.search_usernames(prefix text)
returns table (username text, first_name text, last_name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_prefix text := btrim(coalesce(search_usernames.prefix, ''));
begin
  if auth.uid() is null or char_length(v_prefix) < 2 or char_length(v_prefix) > 30 then
    return;
  end if;
  -- LIKE metacharacters in the typed text match literally.
  v_prefix := replace(replace(replace(lower(v_prefix), '\', '\\'), '%', '\%'), '_', '\_');
  return query
    select p.username,
           case when p.name_visible then p.first_name end,
           case when p.name_visible then p.last_name end
      from public.profiles p
     where p.username is not null
       and lower(p.username) like v_prefix || '%'
       and p.user_id <> auth.uid()
     order by lower(p.username)
     limit 5;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Availability checks (the caller's own current value counts as available). Invalid format: false.

create or replace function public.is_username_available(username_param text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if auth.uid() is null or coalesce(is_username_available.username_param, '') !~ '^[A-Za-z0-9_-]{3,30}$' then
    return false;
  end if;
  return not exists (
    select 1 from public.profiles p
     where p.user_id <> auth.uid()
       and (lower(p.username) = lower(is_username_available.username_param)
            or lower(p.public_page_slug) = lower(is_username_available.username_param))
  );
end
$$;

-- A slug may not equal another user's slug or username (both resolve /{slug}): the same rule as
-- for usernames, so it is the same check.
create or replace function public.is_slug_available(slug_param text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.is_username_available(slug_param)
$$;

-- The same rule enforced on write: a username or slug that another user's slug or username
-- already resolves to is a unique violation (23505), like the indexes' own.
create or replace function public.check_profile_names_unique()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.public_page_slug is not null and exists (
    select 1 from public.profiles p
     where p.user_id <> new.user_id and lower(p.username) = lower(new.public_page_slug)
  ) then
    raise exception 'duplicate key value violates unique constraint "profiles_public_page_slug_key"'
      using errcode = '23505', detail = 'This URL name is another user''s username.';
  end if;
  if new.username is not null and exists (
    select 1 from public.profiles p
     where p.user_id <> new.user_id and lower(p.public_page_slug) = lower(new.username)
  ) then
    raise exception 'duplicate key value violates unique constraint "profiles_username_key"'
      using errcode = '23505', detail = 'This username is another user''s page URL name.';
  end if;
  return new;
end
$$;

create trigger profiles_check_names_unique
  before insert or update of username, public_page_slug on public.profiles
  for each row execute function public.check_profile_names_unique();

-- ---------------------------------------------------------------------------------------------
-- increment_link_access: opening a link. Own links and template links; returns the new count,
-- NULL for anything else.

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
     and (l.user_id = auth.uid() or l.is_template)
  returning l.access_count into v_count;
  return v_count;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Incoming shares.

-- The extension badge: pending shares addressed to the caller.
create or replace function public.pending_incoming_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.shared_links s
   where s.status = 'pending'
     and auth.uid() is not null
     -- cheap, indexed pre-filter; receives_share decides (delivered, not suppressed)
     and (s.recipient_user_id = auth.uid() or s.recipient_user_id is null)
     and public.receives_share(s.id)
$$;

-- The incoming list with the sender's display data (profiles are otherwise owner-only).
-- status_filter: 'pending' (default), 'accepted', 'rejected', or NULL for all.
create or replace function public.list_incoming_shares(status_filter text default 'pending')
returns table (
  shared_link_id uuid,
  link_id uuid,
  title text,
  url text,
  description text,
  icon_url text,
  message text,
  shared_at timestamptz,
  status text,
  accepted_at timestamptz,
  moved_to_category_id uuid,
  sender_id uuid,
  sender_name text,
  sender_email text,
  sender_username text
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, l.id, l.title, l.url, l.description, l.icon_url, s.message, s.shared_at, s.status,
         s.accepted_at, s.moved_to_category_id, s.sender_id,
         coalesce(
           case when p.name_visible then nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') end,
           '@' || p.username,
           'Unknown User'
         ),
         case when p.email_visible then p.email end,
         p.username
    from public.shared_links s
    join public.links l on l.id = s.link_id
    left join public.profiles p on p.user_id = s.sender_id
   where auth.uid() is not null
     and (s.recipient_user_id = auth.uid() or s.recipient_user_id is null)
     and public.receives_share(s.id)
     and (status_filter is null or s.status = status_filter)
   order by s.shared_at desc
$$;

-- Looks up a share addressed to the caller, locked; raises when there is none.
create or replace function public._my_share_for_update(share_id uuid)
returns public.shared_links
language plpgsql
set search_path = ''
as $$
declare
  v_share public.shared_links%rowtype;
begin
  select * into v_share from public.shared_links s
   where s.id = share_id
     and public.receives_share(s.id)
   for update;
  if not found then
    raise exception 'Shared link not found.' using errcode = 'P0002';
  end if;
  return v_share;
end
$$;

-- accept_incoming_share: puts the shared link into the caller's chosen folder with APPROVED as
-- second category (part 2 §4): a same-URL link already in that folder is updated, a same-URL
-- link elsewhere is moved there, otherwise a new link is inserted. The share is marked accepted.
-- Returns { outcome: 'updated'|'moved'|'inserted', link, shared_link_id }.
create or replace function public.accept_incoming_share(shared_link_id uuid, destination_category_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_share public.shared_links%rowtype;
  v_src public.links%rowtype;
  v_approved uuid;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_share := public._my_share_for_update(accept_incoming_share.shared_link_id);
  if accept_incoming_share.destination_category_id is null
     or not public.owns_category(accept_incoming_share.destination_category_id) then
    raise exception 'Destination folder not found.' using errcode = 'P0002';
  end if;
  v_approved := public._system_category_id(v_uid, 'approved');
  if v_approved is null then
    raise exception 'APPROVED folder not found. Please contact support.' using errcode = 'P0002';
  end if;
  select * into v_src from public.links l where l.id = v_share.link_id;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = accept_incoming_share.destination_category_id or l.second_category_id = accept_incoming_share.destination_category_id)
   order by l.created_at desc limit 1;
  if found then
    update public.links l
       set title = v_src.title, description = v_src.description, icon_url = coalesce(v_src.icon_url, l.icon_url),
           category_id = accept_incoming_share.destination_category_id, second_category_id = v_approved, updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    v_outcome := 'updated';
  else
    select * into v_link from public.links l
     where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     order by l.created_at desc limit 1;
    if found then
      update public.links l
         set category_id = accept_incoming_share.destination_category_id, second_category_id = v_approved, updated_at = now()
       where l.id = v_link.id
      returning * into v_link;
      v_outcome := 'moved';
    else
      insert into public.links (user_id, title, url, description, icon_url, category_id, second_category_id)
      values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, accept_incoming_share.destination_category_id, v_approved)
      returning * into v_link;
      v_outcome := 'inserted';
    end if;
  end if;

  update public.shared_links s
     set status = 'accepted', accepted_at = now(), moved_to_category_id = accept_incoming_share.destination_category_id,
         recipient_user_id = coalesce(s.recipient_user_id, v_uid)
   where s.id = v_share.id;

  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link), 'shared_link_id', v_share.id);
end
$$;

-- reject_incoming_share: keeps a copy of the link in the caller's REJECTED folder (unless one with
-- that URL is already there) and deletes the share. Returns { outcome: 'inserted'|'already_rejected', link }.
create or replace function public.reject_incoming_share(shared_link_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_share public.shared_links%rowtype;
  v_src public.links%rowtype;
  v_rejected uuid;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_share := public._my_share_for_update(reject_incoming_share.shared_link_id);
  v_rejected := public._system_category_id(v_uid, 'rejected');
  if v_rejected is null then
    raise exception 'REJECTED folder not found. Please contact support.' using errcode = 'P0002';
  end if;
  select * into v_src from public.links l where l.id = v_share.link_id;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = v_rejected or l.second_category_id = v_rejected)
   order by l.created_at desc limit 1;
  if found then
    v_outcome := 'already_rejected';
  else
    insert into public.links (user_id, title, url, description, icon_url, category_id)
    values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, v_rejected)
    returning * into v_link;
    v_outcome := 'inserted';
  end if;

  delete from public.shared_links s where s.id = v_share.id;
  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link));
end
$$;

-- approve_link: a link of the caller's in REJECTED (or APPROVED) moves to APPROVED.
-- Returns the updated link (empty when the link is not the caller's).
create or replace function public.approve_link(link_id uuid)
returns setof public.links
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_approved uuid;
  v_rejected uuid;
begin
  if v_uid is null then
    return;
  end if;
  v_approved := public._system_category_id(v_uid, 'approved');
  v_rejected := public._system_category_id(v_uid, 'rejected');
  if v_approved is null then
    raise exception 'APPROVED folder not found. Please contact support.' using errcode = 'P0002';
  end if;
  return query
    update public.links l
       set category_id = case when l.category_id = v_rejected or l.category_id is null then v_approved else l.category_id end,
           second_category_id = case
             when l.second_category_id = v_rejected then v_approved
             when l.category_id is distinct from v_rejected and l.category_id is distinct from v_approved
                  and l.category_id is not null and l.second_category_id is distinct from v_approved then v_approved
             else l.second_category_id end,
           updated_at = now()
     where l.id = approve_link.link_id and l.user_id = v_uid and not l.is_template
    returning l.*;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- save_link: the Add/Edit Link form in one call (part 1 §4).
--   * https:// is added when the URL has no http(s):// prefix; only http(s) is stored.
--   * new_category_name creates (or reuses, case-insensitively) a top-level folder and chooses it.
--   * category_id is always 'Recently Saved Links'; a chosen non-default folder goes into
--     second_category_id; choosing the default clears it. On edit, passing no folder keeps the
--     link's folders.
--   * Adding (existing_link_id NULL) a URL the caller already saved updates that link instead.
-- Returns { outcome: 'inserted'|'updated'|'updated_existing', link, category_created, category_id }.

create or replace function public.save_link(
  link_title text,
  link_url text,
  link_description text default null,
  chosen_category_id uuid default null,
  new_category_name text default null,
  link_icon_url text default null,
  existing_link_id uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_title text := btrim(coalesce(save_link.link_title, ''));
  v_url text := btrim(coalesce(save_link.link_url, ''));
  v_saved uuid;
  v_chosen uuid;
  v_second uuid;
  v_new_name text := nullif(btrim(coalesce(save_link.new_category_name, '')), '');
  v_created boolean := false;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'You must be logged in to add links.' using errcode = '42501';
  end if;
  if v_title = '' then
    raise exception 'Title is required' using errcode = '22023';
  end if;
  if v_url = '' then
    raise exception 'URL is required' using errcode = '22023';
  end if;
  if v_url !~* '^https?://' then
    v_url := 'https://' || v_url;
  end if;
  if v_url !~* '^https?://[^\s/?#]+([/?#][^\s]*)?$' then
    raise exception 'Please enter a valid URL' using errcode = '22023';
  end if;

  v_saved := public._saved_category_id(v_uid);
  if v_saved is null then
    raise exception 'Default category ''Recently Saved Links'' not found.' using errcode = 'P0002';
  end if;

  if v_new_name is not null then
    select c.id into v_chosen from public.categories c
     where c.user_id = v_uid and c.parent_category_id is null and not c.is_template and lower(c.name) = lower(v_new_name);
    if v_chosen is null then
      insert into public.categories (user_id, name) values (v_uid, v_new_name) returning id into v_chosen;
      v_created := true;
    end if;
  elsif save_link.chosen_category_id is not null then
    if not public.owns_category(save_link.chosen_category_id) then
      raise exception 'Category not found.' using errcode = 'P0002';
    end if;
    v_chosen := save_link.chosen_category_id;
  end if;
  v_second := case when v_chosen is null or v_chosen = v_saved then null else v_chosen end;

  if save_link.existing_link_id is not null then
    update public.links l
       set title = v_title, url = v_url, description = save_link.link_description,
           category_id = case when v_chosen is null then l.category_id else v_saved end,
           second_category_id = case when v_chosen is null then l.second_category_id else v_second end,
           icon_url = coalesce(save_link.link_icon_url, l.icon_url), updated_at = now()
     where l.id = save_link.existing_link_id and l.user_id = v_uid and not l.is_template
    returning * into v_link;
    if not found then
      raise exception 'Link not found.' using errcode = 'P0002';
    end if;
    v_outcome := 'updated';
  else
    select * into v_link from public.links l
     where l.user_id = v_uid and not l.is_template and l.url = v_url
     order by l.created_at desc limit 1;
    if found then
      update public.links l
         set title = v_title, description = coalesce(save_link.link_description, l.description),
             category_id = v_saved, second_category_id = v_second,
             icon_url = coalesce(save_link.link_icon_url, l.icon_url), updated_at = now()
       where l.id = v_link.id
      returning * into v_link;
      v_outcome := 'updated_existing';
    else
      insert into public.links (user_id, title, url, description, category_id, second_category_id, icon_url)
      values (v_uid, v_title, v_url, save_link.link_description, v_saved, v_second, save_link.link_icon_url)
      returning * into v_link;
      v_outcome := 'inserted';
    end if;
  end if;

  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link), 'category_created', v_created, 'category_id', coalesce(v_chosen, v_saved));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- copy_link: copy a readable link (own, template, or shared with the caller) into one of the
-- caller's folders (part 2 §4 'Copy link'):
--   * same URL already in that folder: { outcome: 'exists' } unless replace_existing, then
--     that link takes the source's title/description/icon ('replaced');
--   * same URL elsewhere: that link is moved to the folder ('moved');
--   * otherwise a new link is inserted ('inserted').
-- Placement follows the part-1 rule: primary 'Recently Saved Links', the folder as secondary.

create or replace function public.copy_link(source_link_id uuid, destination_category_id uuid, replace_existing boolean default false)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_src public.links%rowtype;
  v_dest uuid := copy_link.destination_category_id;
  v_saved uuid;
  v_second uuid;
  v_link public.links%rowtype;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select * into v_src from public.links l
   where l.id = copy_link.source_link_id
     and (l.user_id = v_uid or l.is_template or public.link_shared_with_me(l.id));
  if not found then
    raise exception 'Link not found.' using errcode = 'P0002';
  end if;
  if v_dest is null or not public.owns_category(v_dest) then
    raise exception 'Destination folder not found.' using errcode = 'P0002';
  end if;
  v_saved := public._saved_category_id(v_uid);
  if v_saved is null then
    raise exception 'Default category ''Recently Saved Links'' not found.' using errcode = 'P0002';
  end if;
  v_second := case when v_dest = v_saved then null else v_dest end;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = v_dest or l.second_category_id = v_dest)
   order by l.created_at desc limit 1;
  if found then
    if not coalesce(copy_link.replace_existing, false) then
      return jsonb_build_object('outcome', 'exists', 'link', to_jsonb(v_link));
    end if;
    update public.links l
       set title = v_src.title, description = v_src.description, icon_url = coalesce(v_src.icon_url, l.icon_url), updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    return jsonb_build_object('outcome', 'replaced', 'link', to_jsonb(v_link));
  end if;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
   order by l.created_at desc limit 1;
  if found then
    update public.links l
       set category_id = v_saved, second_category_id = v_second, updated_at = now()
     where l.id = v_link.id
    returning * into v_link;
    return jsonb_build_object('outcome', 'moved', 'link', to_jsonb(v_link));
  end if;

  insert into public.links (user_id, title, url, description, icon_url, category_id, second_category_id, template_source_id)
  values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, v_saved, v_second,
          case when v_src.is_template then v_src.id end)
  returning * into v_link;
  return jsonb_build_object('outcome', 'inserted', 'link', to_jsonb(v_link));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- move_link: reorder by created_at (lists are newest first).
--   direction 'left' | 'up'    : swap with other_link_id (the neighbour before it)
--   direction 'right' | 'down' : swap with other_link_id (the neighbour after it)
--   direction 'beginning'      : 60 s after the newest link of the list
--   direction 'end'            : 60 s before the oldest link of the list
-- The list is within_category_id (category_id or second_category_id), or all the caller's links.
-- Own non-template links; admins also reorder template links. Returns the changed rows.

create or replace function public.move_link(link_id uuid, direction text, other_link_id uuid default null, within_category_id uuid default null)
returns setof public.links
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_admin boolean := public.is_admin();
  v_a public.links%rowtype;
  v_b public.links%rowtype;
  v_edge timestamptz;
  v_a_time timestamptz;
  v_b_time timestamptz;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select * into v_a from public.links l
   where l.id = move_link.link_id
     and ((l.user_id = v_uid and not l.is_template) or (l.is_template and v_admin))
   for update;
  if not found then
    raise exception 'Link not found.' using errcode = 'P0002';
  end if;

  if move_link.direction in ('left', 'up', 'right', 'down') then
    select * into v_b from public.links l
     where l.id = move_link.other_link_id and l.id <> v_a.id
       and ((not v_a.is_template and l.user_id = v_uid and not l.is_template) or (v_a.is_template and l.is_template))
     for update;
    if not found then
      raise exception 'Link not found.' using errcode = 'P0002';
    end if;
    v_a_time := v_b.created_at;
    v_b_time := v_a.created_at;
    if v_a_time = v_b_time then
      -- Equal timestamps would make the swap a no-op: step past the neighbour instead.
      v_a_time := v_b.created_at + case when move_link.direction in ('left', 'up') then interval '1 millisecond' else interval '-1 millisecond' end;
    end if;
    return query update public.links l set created_at = v_a_time where l.id = v_a.id returning l.*;
    return query update public.links l set created_at = v_b_time where l.id = v_b.id returning l.*;
    return;
  elsif move_link.direction in ('beginning', 'end') then
    if move_link.within_category_id is not null
       and not (public.owns_category(move_link.within_category_id) or (v_a.is_template and public.is_template_category(move_link.within_category_id))) then
      raise exception 'Category not found.' using errcode = 'P0002';
    end if;
    select case when move_link.direction = 'beginning' then max(l.created_at) else min(l.created_at) end into v_edge
      from public.links l
     where l.id <> v_a.id
       and ((not v_a.is_template and l.user_id = v_uid and not l.is_template) or (v_a.is_template and l.is_template))
       and (move_link.within_category_id is null
            or l.category_id = move_link.within_category_id or l.second_category_id = move_link.within_category_id);
    if v_edge is null then
      return next v_a;
      return;
    end if;
    return query
      update public.links l
         set created_at = v_edge + case when move_link.direction = 'beginning' then interval '60 seconds' else interval '-60 seconds' end
       where l.id = v_a.id
      returning l.*;
    return;
  else
    raise exception 'Unknown direction: %', move_link.direction using errcode = '22023';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- set_default_background: choose a background for its scope (clears is_default on the scope's
-- other rows of the caller). The scope is the row's own (category_id, or background_name with no
-- category). Choosing an admin's fallback background copies it into the caller's rows for the
-- scope given by scope_category_id / scope_name (default: the admin row's background_name).
-- Returns the caller's chosen row (empty for someone else's non-admin background).

create or replace function public.set_default_background(background_id uuid, scope_category_id uuid default null, scope_name text default null)
returns setof public.user_backgrounds
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_bg public.user_backgrounds%rowtype;
  v_mine public.user_backgrounds%rowtype;
  v_cat uuid;
  v_name text;
begin
  if v_uid is null then
    return;
  end if;
  select * into v_bg from public.user_backgrounds b where b.id = set_default_background.background_id;
  if not found or (v_bg.user_id <> v_uid and not public.is_admin_user(v_bg.user_id)) then
    raise exception 'Background not found.' using errcode = 'P0002';
  end if;

  if v_bg.user_id = v_uid then
    v_mine := v_bg;
  else
    v_cat := set_default_background.scope_category_id;
    v_name := case when v_cat is null then coalesce(nullif(btrim(set_default_background.scope_name), ''), v_bg.background_name) end;
    if v_cat is not null and not public.owns_category(v_cat) then
      raise exception 'Category not found.' using errcode = 'P0002';
    end if;
    if v_cat is null and v_name is null then
      raise exception 'A background scope is required.' using errcode = '22023';
    end if;
    select * into v_mine from public.user_backgrounds b
     where b.user_id = v_uid and b.background_url = v_bg.background_url
       and b.category_id is not distinct from v_cat
       and (v_cat is not null or b.background_name = v_name)
     limit 1;
    if not found then
      insert into public.user_backgrounds (user_id, background_url, background_name, category_id, is_default)
      values (v_uid, v_bg.background_url, v_name, v_cat, false)
      returning * into v_mine;
    end if;
  end if;

  update public.user_backgrounds b
     set is_default = (b.id = v_mine.id)
   where b.user_id = v_uid
     and (
       (v_mine.category_id is not null and b.category_id = v_mine.category_id)
       or (v_mine.category_id is null and b.category_id is null and b.background_name = v_mine.background_name)
     );
  return query select * from public.user_backgrounds b where b.id = v_mine.id;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Exclusive pages: the owner names allowed members by username.

create or replace function public.add_page_member(member_username text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_member uuid;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select p.user_id into v_member from public.profiles p
   where lower(p.username) = lower(btrim(coalesce(add_page_member.member_username, '')));
  if v_member is null then
    raise exception 'User not found.' using errcode = 'P0002';
  end if;
  if v_member = v_uid then
    raise exception 'You always see your own page.' using errcode = '22023';
  end if;
  insert into public.public_page_members (owner_id, member_user_id) values (v_uid, v_member)
  on conflict (owner_id, member_user_id) do nothing;
  select m.id into v_id from public.public_page_members m where m.owner_id = v_uid and m.member_user_id = v_member;
  return v_id;
end
$$;

create or replace function public.list_page_members()
returns table (id uuid, member_user_id uuid, username text, first_name text, last_name text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, m.member_user_id, p.username,
         case when p.name_visible then p.first_name end,
         case when p.name_visible then p.last_name end,
         m.created_at
    from public.public_page_members m
    left join public.profiles p on p.user_id = m.member_user_id
   where m.owner_id = auth.uid()
   order by m.created_at desc
$$;

-- ---------------------------------------------------------------------------------------------
-- Service-role only: admin role management (scripts/admin.ts) and e-mail change codes
-- (request-email-change / confirm-email-change functions).

create or replace function public.admin_grant(user_email text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_user uuid;
begin
  select u.id into v_user from auth.users u where lower(u.email) = lower(btrim(admin_grant.user_email));
  if v_user is null then
    raise exception 'No user with e-mail %', admin_grant.user_email using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role) values (v_user, 'admin') on conflict (user_id, role) do nothing;
  return v_user;
end
$$;

create or replace function public.admin_revoke(user_email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_count integer;
begin
  delete from public.user_roles r
   using auth.users u
   where r.user_id = u.id and r.role = 'admin' and lower(u.email) = lower(btrim(admin_revoke.user_email));
  get diagnostics v_count = row_count;
  return v_count > 0;
end
$$;

create or replace function public.admin_list()
returns table (user_id uuid, email text, granted_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select r.user_id, u.email::text, r.created_at
    from public.user_roles r
    join auth.users u on u.id = r.user_id
   where r.role = 'admin'
   order by u.email
$$;

-- Stores a new 6-digit code (hashed) for target_user_id; older unused codes stop working.
-- Raises (hint 'rate_limited') after 3 codes in an hour.
create or replace function public.create_email_change_request(target_user_id uuid, new_email text, code text)
returns table (request_id uuid, expires_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if coalesce(create_email_change_request.code, '') !~ '^[0-9]{6}$' then
    raise exception 'The code must be 6 digits.' using errcode = '22023';
  end if;
  update public.email_change_requests r
     set consumed_at = now()
   where r.user_id = create_email_change_request.target_user_id and r.consumed_at is null;
  return query
    insert into public.email_change_requests (user_id, new_email, code_hash)
    values (
      create_email_change_request.target_user_id,
      create_email_change_request.new_email,
      encode(sha256(convert_to(create_email_change_request.target_user_id::text || ':' || create_email_change_request.code, 'UTF8')), 'hex')
    )
    returning id, expires_at;
end
$$;

-- Checks a code: { ok: true, new_email } once (the code is then used up), or
-- { ok: false, error: 'invalid_code' | 'expired' | 'too_many_attempts' | 'no_request' }.
-- Does not change auth.users: the caller does that through the auth admin API.
create or replace function public.confirm_email_change_code(target_user_id uuid, code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_req public.email_change_requests%rowtype;
begin
  select * into v_req from public.email_change_requests r
   where r.user_id = confirm_email_change_code.target_user_id and r.consumed_at is null
   order by r.created_at desc limit 1
   for update;
  if not found then
    return jsonb_build_object('ok', false, 'error', 'no_request');
  end if;
  if v_req.expires_at < now() then
    return jsonb_build_object('ok', false, 'error', 'expired');
  end if;
  if v_req.attempts >= 5 then
    return jsonb_build_object('ok', false, 'error', 'too_many_attempts');
  end if;
  if v_req.code_hash <> encode(sha256(convert_to(confirm_email_change_code.target_user_id::text || ':' || coalesce(confirm_email_change_code.code, ''), 'UTF8')), 'hex') then
    update public.email_change_requests r set attempts = r.attempts + 1 where r.id = v_req.id;
    return jsonb_build_object('ok', false, 'error', 'invalid_code');
  end if;
  update public.email_change_requests r set consumed_at = now() where r.id = v_req.id;
  return jsonb_build_object('ok', true, 'new_email', v_req.new_email);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Execute privileges: nothing in public is callable by PUBLIC/anon unless listed; internal
-- helpers and server-only functions are not callable by signed-in users either.

revoke execute on all functions in schema public from public, anon;
revoke execute on all functions in schema public from authenticated;
grant execute on all functions in schema public to service_role;

grant execute on function public.get_public_page_by_slug(text) to anon, authenticated;
grant execute on function
  public.copy_template_category(uuid, uuid),
  public.search_usernames(text),
  public.is_username_available(text),
  public.is_slug_available(text),
  public.increment_link_access(uuid),
  public.pending_incoming_count(),
  public.list_incoming_shares(text),
  public.accept_incoming_share(uuid, uuid),
  public.reject_incoming_share(uuid),
  public.approve_link(uuid),
  public.save_link(text, text, text, uuid, text, text, uuid),
  public.copy_link(uuid, uuid, boolean),
  public.move_link(uuid, text, uuid, uuid),
  public.set_default_background(uuid, uuid, text),
  public.add_page_member(text),
  public.list_page_members(),
  -- used inside RLS policies and check constraints, so the querying role needs them:
  public.is_admin(), public.is_admin_user(uuid), public.owns_category(uuid), public.is_template_category(uuid),
  public.owns_link(uuid), public.receives_share(uuid), public.link_shared_with_me(uuid),
  public.can_write_storage_object(text, text),
  public.text_items_within(text[], integer), public.is_http_url(text)
to authenticated;
-- Check constraints run with the writer's privileges; the service role has everything already.
