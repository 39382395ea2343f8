-- Reconciles three migrations written in parallel (issues 13, 14 and 19), so each rule has one definition.
--   * get_public_page_by_slug (issue 14) also hides a deactivated account's page (issue 13): visitors get
--     'not_found', the owner and admins still see it.
--   * add_page_member keeps issue 14's username-or-e-mail lookup with issue 19's 404 (PT404) for nobody;
--     20261124190300 had redefined it from the older username-only body.
--   * is_reserved_slug (issue 14) reads the one reserved-name list of 20261124190200 (issue 19), which
--     equals shared/rules/slug.ts RESERVED_SLUGS. Security definer: that list's functions are not
--     executable by clients, and the profiles check constraint runs as the writing user.

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
  bio_social_section_title text,
  theme_mode text,
  accent_color text
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
  if v_slug ~ '^[A-Za-z0-9_-]{1,30}$' then
    select * into v_profile from public.profiles p where lower(p.public_page_slug) = lower(v_slug);
    if not found then
      select * into v_profile from public.profiles p where lower(p.username) = lower(v_slug);
    end if;
  end if;
  if v_profile.user_id is null then
    v_reason := 'not_found';
  else
    select * into v_privacy from public.user_privacy_settings s where s.user_id = v_profile.user_id;
    v_owner := v_uid is not null and v_uid = v_profile.user_id;
    if v_owner or (v_uid is not null and public.is_admin()) then
      v_reason := 'ok';
    elsif v_privacy.deactivated_at is not null then
      -- A deactivated account has no public page: visitors see the same answer as for a name nobody has.
      v_reason := 'not_found';
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
      null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text, null::text,
      null::text, null::text;
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
    coalesce(v_page.profile_section_title, 'Profile'), coalesce(v_page.bio_social_section_title, 'Bio & Social'),
    coalesce(v_page.theme_mode, 'light'), coalesce(v_page.accent_color, '#3b82f6');
end
$$;

create or replace function public.add_page_member(member_username text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_name text := lower(btrim(coalesce(add_page_member.member_username, '')));
  v_member uuid;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_name := regexp_replace(v_name, '^@', '');
  if position('@' in v_name) > 0 then
    select p.user_id into v_member from public.profiles p where lower(p.email) = v_name;
  else
    select p.user_id into v_member from public.profiles p where lower(p.username) = v_name;
  end if;
  if v_member is null then
    raise exception 'User not found.' using errcode = 'PT404';
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

create or replace function public.is_reserved_slug(slug text)
returns boolean
language sql
immutable
security definer
set search_path = ''
as $$
  select public._is_reserved_name(slug)
$$;
