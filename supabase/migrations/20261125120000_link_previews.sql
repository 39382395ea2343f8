-- Issue 18: link previews. The link-preview edge function fetches a saved page (SSRF-checked,
-- supabase/functions/_shared/ssrf.ts), downloads its favicon and preview image, stores them in
-- the link-previews bucket under the owner's folder and writes their public URLs here, so the
-- dashboard never contacts the saved sites. RLS on links is unchanged: the owner's row, the
-- owner's columns (the RLS matrix covers these columns too).

alter table public.links
  add column if not exists favicon_url text,
  add column if not exists preview_image_url text,
  add column if not exists preview_description text,
  add column if not exists preview_site_name text,
  add column if not exists preview_fetched_at timestamptz;

alter table public.links
  add constraint links_favicon_url_http check (favicon_url is null or (favicon_url ~* '^https?://[^\s]+$' and char_length(favicon_url) <= 2048)),
  add constraint links_preview_image_url_http check (preview_image_url is null or (preview_image_url ~* '^https?://[^\s]+$' and char_length(preview_image_url) <= 2048)),
  add constraint links_preview_text_length check (char_length(coalesce(preview_description, '')) <= 5000 and char_length(coalesce(preview_site_name, '')) <= 200);

-- The bucket: public reads by URL (public pages show favicons to visitors), raster images only
-- (the function sniffs the bytes; the storage layer sniffs again), 2 MB. Only the function writes
-- (service role); clients cannot upload here, so nothing but sniffed rasters ever lands in it.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('link-previews', 'link-previews', true, 2097152,
        array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Listing stays owner-only, as for the other buckets (issue 19): the caller's own folder.
drop policy if exists "link previews: read own folder" on storage.objects;
create policy "link previews: read own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'link-previews' and (storage.foldername(name))[1] = auth.uid()::text);

-- ---------------------------------------------------------------------------------------------
-- Per-user rate limit: one row per page fetch, kept an hour; nobody can use the product to flood
-- a site. Only the function (service role) reads or writes it.

create table public.link_preview_log (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  requested_at timestamptz not null default now()
);
create index link_preview_log_user_idx on public.link_preview_log (user_id, requested_at desc);
alter table public.link_preview_log enable row level security;
revoke all on public.link_preview_log from public, anon, authenticated;
grant all on public.link_preview_log to service_role;

-- Takes one slot for the user when fewer than `per_minute` fetches were made in the last minute.
-- shared/rules/link-preview.ts PREVIEW_LIMITS.perUserPerMinute passes the number.
create or replace function public.take_link_preview_slot(p_user_id uuid, per_minute integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  used integer;
begin
  -- one caller at a time per user, so two parallel requests cannot both take the last slot
  perform pg_advisory_xact_lock(hashtextextended('link_preview:' || p_user_id::text, 0));
  delete from public.link_preview_log where user_id = p_user_id and requested_at < now() - interval '1 hour';
  select count(*) into used from public.link_preview_log
   where user_id = p_user_id and requested_at > now() - interval '1 minute';
  if used >= per_minute then
    return false;
  end if;
  insert into public.link_preview_log (user_id) values (p_user_id);
  return true;
end
$$;
revoke execute on function public.take_link_preview_slot(uuid, integer) from public, anon, authenticated;
grant execute on function public.take_link_preview_slot(uuid, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The incoming list (web and extension) shows the shared link's favicon where it has no uploaded
-- icon: the same columns as before (20251101000400_rpc.sql), icon_url = uploaded icon, else favicon.
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
  select s.id, l.id, l.title, l.url, l.description, coalesce(l.icon_url, l.favicon_url), s.message, s.shared_at, s.status,
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
