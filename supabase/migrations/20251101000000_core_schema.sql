-- Core schema: every table of both spec parts (with the spec's column names), plus the server-only
-- tables the spec implies (password history, e-mail change codes, exclusive-page members).
-- Constraints, checks and indexes live here; RLS policies, triggers, storage and RPCs in later files.
--
-- Ownership of templates: template categories and template links have user_id NULL ("owned by the
-- product"), so seed.sql needs no user and no hard-coded account. A check keeps user_id mandatory
-- for every non-template row. Admins (user_roles.role = 'admin') manage templates.

-- ---------------------------------------------------------------------------------------------
-- Helpers used by check constraints (immutable, no table access).

-- True when every element of arr has at most max_len characters (NULL elements count as empty).
create or replace function public.text_items_within(arr text[], max_len integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(char_length(coalesce(item, '')) <= max_len), true)
  from unnest(arr) as item
$$;

-- A URL that may be rendered as a link: empty/NULL, or http(s) only (javascript: is stored XSS).
create or replace function public.is_http_url(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is null or value = '' or value ~* '^https?://[^\s]+$'
$$;

-- ---------------------------------------------------------------------------------------------
-- profiles: one per auth user, created by the sign-up trigger.

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  first_name text,
  last_name text,
  email text,
  phone text,
  username text,
  email_visible boolean not null default true,
  name_visible boolean not null default true,
  icon_outline_color text not null default '#3b82f6',
  public_page_slug text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_username_format check (username is null or username ~ '^[A-Za-z0-9_-]{3,30}$'),
  constraint profiles_slug_format check (public_page_slug is null or public_page_slug ~ '^[A-Za-z0-9_-]{3,30}$'),
  constraint profiles_outline_color_format check (icon_outline_color ~ '^#[0-9A-Fa-f]{6}$'),
  constraint profiles_phone_format check (phone is null or phone ~ '^\+?[0-9]{7,20}$')
);
-- Case-insensitive uniqueness: 'Bob' and 'bob' are the same person to a reader. Violations are 23505.
create unique index profiles_username_key on public.profiles (lower(username));
create unique index profiles_public_page_slug_key on public.profiles (lower(public_page_slug));
create index profiles_email_idx on public.profiles (lower(email));

-- ---------------------------------------------------------------------------------------------
-- login_activity: one row per successful sign-in (inserted by the client).

create table public.login_activity (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  ip_address text not null default '',
  user_agent text,
  created_at timestamptz not null default now(),
  constraint login_activity_user_agent_length check (char_length(coalesce(user_agent, '')) <= 1000),
  constraint login_activity_ip_length check (char_length(ip_address) <= 100)
);
create index login_activity_user_created_idx on public.login_activity (user_id, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- categories: folders with optional subfolders. Deleting a folder deletes its subfolders
-- (parent FK cascade) and its links (links FKs cascade).
--
-- system_key marks the folders every account gets (not in the spec, so the RPCs need no name
-- matching): 'saved' = 'Recently Saved Links', 'incoming' = 'Recently Received Links (Incoming)',
-- 'approved' / 'rejected' = its subfolders. All four are is_default and cannot be edited or deleted.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  name text not null,
  is_default boolean not null default false,
  is_template boolean not null default false,
  icon_url text,
  parent_category_id uuid references public.categories (id) on delete cascade,
  display_order integer not null default 0,
  ai_enhanced boolean not null default false,
  system_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint categories_name_not_blank check (btrim(name) <> '' and char_length(name) <= 100),
  constraint categories_owner_required check (is_template or user_id is not null),
  constraint categories_template_not_default check (not (is_template and is_default)),
  constraint categories_not_own_parent check (parent_category_id is distinct from id),
  constraint categories_system_key_values check (system_key is null or system_key in ('saved', 'incoming', 'approved', 'rejected'))
);
-- One name per owner and parent (case-insensitive); templates (user_id NULL) share one namespace.
-- A duplicate raises 23505, which the UI shows as 'Category exists'.
create unique index categories_owner_parent_name_key
  on public.categories (user_id, parent_category_id, lower(name)) nulls not distinct;
create unique index categories_system_key_key on public.categories (user_id, system_key) where system_key is not null;
create index categories_user_parent_order_idx on public.categories (user_id, parent_category_id, display_order, name);
create index categories_parent_idx on public.categories (parent_category_id);
create index categories_templates_idx on public.categories (display_order, name) where is_template;

-- ---------------------------------------------------------------------------------------------
-- links

create table public.links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  title text not null,
  url text not null,
  description text,
  category_id uuid references public.categories (id) on delete cascade,
  second_category_id uuid references public.categories (id) on delete cascade,
  icon_url text,
  access_count integer not null default 0,
  share_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  is_template boolean not null default false,
  template_source_id uuid references public.links (id) on delete set null,
  ai_enhanced boolean not null default false,
  constraint links_title_not_blank check (btrim(title) <> '' and char_length(title) <= 500),
  constraint links_url_http check (url ~* '^https?://[^\s]+$' and char_length(url) <= 2048),
  constraint links_description_length check (char_length(coalesce(description, '')) <= 5000),
  constraint links_counts_non_negative check (access_count >= 0 and share_count >= 0),
  constraint links_owner_required check (is_template or user_id is not null)
);
create index links_user_created_idx on public.links (user_id, created_at desc);
create index links_user_url_idx on public.links (user_id, url);
create index links_category_created_idx on public.links (category_id, created_at desc);
create index links_second_category_created_idx on public.links (second_category_id, created_at desc);
create index links_template_source_idx on public.links (template_source_id);
create index links_templates_idx on public.links (category_id, created_at desc) where is_template;

-- ---------------------------------------------------------------------------------------------
-- shared_links: a link shared by its owner (sender) with a recipient. recipient_user_id is the
-- resolved account (set by the insert trigger, or by the share-link function with the service
-- role); RLS matches on it, or on e-mail/username while it is still unresolved.

create table public.shared_links (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references auth.users (id) on delete cascade,
  link_id uuid not null references public.links (id) on delete cascade,
  shared_at timestamptz not null default now(),
  recipient_email text,
  recipient_phone text,
  recipient_username text,
  social_platform text,
  social_handle text,
  message text,
  status text not null default 'pending',
  accepted_at timestamptz,
  moved_to_category_id uuid references public.categories (id) on delete set null,
  recipient_user_id uuid references auth.users (id) on delete cascade,
  constraint shared_links_status_values check (status in ('pending', 'accepted', 'rejected')),
  constraint shared_links_has_recipient check (num_nonnulls(nullif(btrim(recipient_email), ''), nullif(btrim(recipient_phone), ''), nullif(btrim(recipient_username), ''), nullif(btrim(social_handle), '')) >= 1),
  constraint shared_links_social_platform_values check (social_platform is null or social_platform in ('instagram', 'twitter', 'facebook', 'snapchat', 'tiktok', 'youtube')),
  constraint shared_links_social_needs_platform check (social_handle is null or social_platform is not null),
  constraint shared_links_username_length check (recipient_username is null or char_length(recipient_username) between 3 and 30),
  constraint shared_links_message_length check (char_length(coalesce(message, '')) <= 1000)
);
-- One share of a link per recipient: a second one raises 23505 ("duplicate key value ..."),
-- which the UI shows as 'This link has already been shared with this recipient.'
create unique index shared_links_one_per_recipient on public.shared_links (
  link_id,
  lower(coalesce(recipient_email, '')),
  lower(coalesce(recipient_username, '')),
  coalesce(recipient_phone, ''),
  coalesce(social_platform, ''),
  lower(coalesce(social_handle, ''))
);
create unique index shared_links_one_per_recipient_user on public.shared_links (link_id, recipient_user_id) where recipient_user_id is not null;
create index shared_links_recipient_user_idx on public.shared_links (recipient_user_id, status, shared_at desc);
create index shared_links_recipient_email_idx on public.shared_links (lower(recipient_email)) where recipient_email is not null;
create index shared_links_recipient_username_idx on public.shared_links (lower(recipient_username)) where recipient_username is not null;
create index shared_links_sender_idx on public.shared_links (sender_id, shared_at desc);
create index shared_links_link_idx on public.shared_links (link_id);

-- suppressed_shares: shares whose recipient has blocked the sender (by username, e-mail or phone).
-- The share row itself is recorded exactly like any other, so the sender cannot tell; this
-- private mark keeps it from ever being delivered (RLS and every recipient RPC skip it, the
-- share-link function sends no e-mail). Written by triggers only; RLS on, no policies, no
-- grants to clients: only the service role (and security definer helpers) can read it.
create table public.suppressed_shares (
  shared_link_id uuid primary key references public.shared_links (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------------------------------------
-- user_backgrounds: scope is category_id (a category background) or background_name
-- ('banner', 'dashboard' or a page name) with category_id NULL.

create table public.user_backgrounds (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  background_url text not null,
  background_name text,
  category_id uuid references public.categories (id) on delete cascade,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  constraint user_backgrounds_url_http check (background_url ~* '^https?://[^\s]+$'),
  constraint user_backgrounds_has_scope check (category_id is not null or nullif(btrim(background_name), '') is not null),
  constraint user_backgrounds_name_length check (char_length(coalesce(background_name, '')) <= 100)
);
create index user_backgrounds_user_category_idx on public.user_backgrounds (user_id, category_id, created_at desc);
create index user_backgrounds_user_name_idx on public.user_backgrounds (user_id, background_name, created_at desc) where category_id is null;

-- ---------------------------------------------------------------------------------------------
-- user_roles: written only by the server (scripts/admin.ts, service role).

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null,
  created_at timestamptz not null default now(),
  constraint user_roles_role_values check (role in ('admin')),
  constraint user_roles_user_role_key unique (user_id, role)
);

-- ---------------------------------------------------------------------------------------------
-- ai_chat_history

create table public.ai_chat_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  message text not null,
  response text,
  context jsonb,
  created_at timestamptz not null default now(),
  constraint ai_chat_history_message_length check (char_length(message) <= 10000),
  constraint ai_chat_history_response_length check (char_length(coalesce(response, '')) <= 100000)
);
create index ai_chat_history_user_created_idx on public.ai_chat_history (user_id, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- username_change_history: written by a trigger on profiles.username.

create table public.username_change_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  old_username text,
  new_username text,
  changed_at timestamptz not null default now()
);
create index username_change_history_user_changed_idx on public.username_change_history (user_id, changed_at desc);

-- ---------------------------------------------------------------------------------------------
-- blocked_senders: exactly one of username / e-mail (stored lower-case) / phone (digits only).

create table public.blocked_senders (
  id uuid primary key default gen_random_uuid(),
  blocked_by uuid not null references auth.users (id) on delete cascade,
  blocked_username text,
  blocked_email text,
  blocked_phone text,
  created_at timestamptz not null default now(),
  constraint blocked_senders_one_target check (num_nonnulls(blocked_username, blocked_email, blocked_phone) = 1),
  constraint blocked_senders_username_format check (blocked_username is null or (btrim(blocked_username) <> '' and char_length(blocked_username) <= 30)),
  constraint blocked_senders_email_format check (blocked_email is null or (blocked_email = lower(blocked_email) and blocked_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  constraint blocked_senders_phone_format check (blocked_phone is null or blocked_phone ~ '^[0-9]{7,20}$')
);
create unique index blocked_senders_target_key on public.blocked_senders (
  blocked_by, lower(coalesce(blocked_username, '')), coalesce(blocked_email, ''), coalesce(blocked_phone, '')
);
create index blocked_senders_by_created_idx on public.blocked_senders (blocked_by, created_at desc);

-- ---------------------------------------------------------------------------------------------
-- user_appearance_settings (upsert keyed by user_id)

create table public.user_appearance_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  theme text not null default 'dark',
  accent_hsl text default '222.2 47.4% 11.2%',
  density text not null default 'comfortable',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_appearance_theme_values check (theme in ('system', 'light', 'dark', 'gray')),
  constraint user_appearance_density_values check (density in ('comfortable', 'compact')),
  constraint user_appearance_accent_format check (accent_hsl is null or accent_hsl ~ '^[0-9]{1,3}(\.[0-9]+)? [0-9]{1,3}(\.[0-9]+)?% [0-9]{1,3}(\.[0-9]+)?%$')
);

-- ---------------------------------------------------------------------------------------------
-- user_privacy_settings (one row per user; created at sign-up, re-created by the client if missing)

create table public.user_privacy_settings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  public_page_published boolean not null default false,
  public_page_visibility text not null default 'private',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_privacy_visibility_values check (public_page_visibility in ('public', 'exclusive', 'private'))
);

-- ---------------------------------------------------------------------------------------------
-- webpage_settings: the public page's content (upsert keyed by user_id).

create table public.webpage_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  main_photo_path text,
  main_photo_size text not null default 'medium',
  message_image_paths text[] not null default '{}',
  message_boxes text[] not null default array['', '', '', '', '', '', '']::text[],
  message_titles text[] not null default array['Message Box 1', 'Message Box 2', 'Message Box 3', 'Message Box 4', 'Message Box 5', 'Message Box 6', 'Message Box 7']::text[],
  banner_message text default 'Welcome to my page.',
  banner_background_url text,
  bio text,
  website_url text,
  twitter_handle text,
  instagram_handle text,
  linkedin_url text,
  public_display_name text,
  company_name text,
  links_section_title text,
  profile_section_title text default 'Profile',
  bio_social_section_title text default 'Bio & Social',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webpage_main_photo_size_values check (main_photo_size in ('x-large', 'large', 'medium', 'small', 'none')),
  constraint webpage_message_images_max check (cardinality(message_image_paths) <= 6 and public.text_items_within(message_image_paths, 1024)),
  constraint webpage_message_boxes_max check (cardinality(message_boxes) <= 7 and public.text_items_within(message_boxes, 255)),
  constraint webpage_message_titles_max check (cardinality(message_titles) <= 7 and public.text_items_within(message_titles, 60)),
  constraint webpage_banner_message_length check (char_length(coalesce(banner_message, '')) <= 120),
  constraint webpage_bio_length check (char_length(coalesce(bio, '')) <= 2000),
  constraint webpage_short_texts_length check (
    char_length(coalesce(public_display_name, '')) <= 100 and char_length(coalesce(company_name, '')) <= 100
    and char_length(coalesce(twitter_handle, '')) <= 100 and char_length(coalesce(instagram_handle, '')) <= 100
    and char_length(coalesce(links_section_title, '')) <= 100 and char_length(coalesce(profile_section_title, '')) <= 100
    and char_length(coalesce(bio_social_section_title, '')) <= 100 and char_length(coalesce(main_photo_path, '')) <= 1024
  ),
  -- Rendered as links on a public page: http(s) only.
  constraint webpage_urls_http check (public.is_http_url(website_url) and public.is_http_url(linkedin_url) and public.is_http_url(banner_background_url))
);

-- ---------------------------------------------------------------------------------------------
-- Server-only tables (no policies: only the service role and security definer code reach them).

-- password_history: bcrypt hashes as stored in auth.users.encrypted_password, appended by a trigger
-- on auth.users and pruned to the latest 5 per user ("cannot reuse the last 5 passwords").
create table public.password_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  password_hash text not null,
  created_at timestamptz not null default now()
);
create index password_history_user_created_idx on public.password_history (user_id, created_at desc);

-- email_change_requests: 6-digit codes, stored as sha256(user_id || ':' || code), valid 5 minutes,
-- at most 5 wrong attempts per code, at most 3 codes per user per hour (enforced by a trigger).
create table public.email_change_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '5 minutes',
  consumed_at timestamptz,
  constraint email_change_requests_email_format check (new_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint email_change_requests_hash_format check (code_hash ~ '^[0-9a-f]{64}$')
);
create index email_change_requests_user_created_idx on public.email_change_requests (user_id, created_at desc);

-- public_page_members: who may see a page whose visibility is 'exclusive' (the spec leaves
-- "allowed members" unresolved; get_public_page_by_slug enforces it).
create table public.public_page_members (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  member_user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint public_page_members_not_self check (owner_id <> member_user_id),
  constraint public_page_members_pair_key unique (owner_id, member_user_id)
);
create index public_page_members_member_idx on public.public_page_members (member_user_id);

-- ---------------------------------------------------------------------------------------------
-- updated_at maintenance

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger profiles_set_updated_at before update on public.profiles for each row execute function public.set_updated_at();
create trigger categories_set_updated_at before update on public.categories for each row execute function public.set_updated_at();
create trigger user_appearance_settings_set_updated_at before update on public.user_appearance_settings for each row execute function public.set_updated_at();
create trigger user_privacy_settings_set_updated_at before update on public.user_privacy_settings for each row execute function public.set_updated_at();
create trigger webpage_settings_set_updated_at before update on public.webpage_settings for each row execute function public.set_updated_at();
-- links.updated_at is written by the client (spec) and by the RPCs; no trigger so a reorder that
-- only swaps created_at does not look like an edit.
