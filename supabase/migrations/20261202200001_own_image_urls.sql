-- Only our copies of images. An image URL that points at another host makes every reader of it
-- (a share recipient's inbox, each visitor of a public page) call that host: a read receipt for
-- whoever runs it. So links.icon_url, links.favicon_url, links.preview_image_url and
-- webpage_settings.banner_background_url accept only public objects of the project's own storage
-- (`<api url>/storage/v1/object/public/<bucket>/<path>`) or an app-relative path ('/icons/...').
--
-- The database does not know its own URL (it differs per hosted project and per local port), so it
-- is a setting: instance_settings.storage_urls, the API URLs whose storage counts as ours. The
-- local stack registers its URL on every start (supabase/local/server.ts); on hosted Supabase run
-- once `select public.register_storage_url('https://<project-ref>.supabase.co');` (and the custom
-- domain, if any: docs/deploying.md), and the link-preview function registers SUPABASE_URL before
-- it stores a copy. URLs are only ever added, so images stored under an earlier local port stay valid.

create table public.instance_settings (
  id boolean primary key default true constraint instance_settings_one_row check (id),
  storage_urls text[] not null default '{}'
);
alter table public.instance_settings enable row level security;
revoke all on public.instance_settings from anon, authenticated;
grant all on public.instance_settings to service_role;
insert into public.instance_settings (id) values (true) on conflict do nothing;

-- Adds an API URL (scheme, host and port only; a trailing slash is dropped) to the URLs whose
-- storage is ours. Service role only. Answers the list.
create or replace function public.register_storage_url(api_url text)
returns text[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text := regexp_replace(btrim(coalesce(register_storage_url.api_url, '')), '/+$', '');
  v_list text[];
begin
  if v_url !~ '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$' and v_url !~ '^https?://\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$' then
    raise exception 'The storage URL must be scheme, host and port only, e.g. https://abcd.supabase.co' using errcode = '22023';
  end if;
  v_url := lower(v_url);
  insert into public.instance_settings (id, storage_urls) values (true, array[v_url])
  on conflict (id) do update
    set storage_urls = case when v_url = any (public.instance_settings.storage_urls)
                            then public.instance_settings.storage_urls
                            else public.instance_settings.storage_urls || v_url end
  returning storage_urls into v_list;
  return v_list;
end
$$;

-- True for null, for an app-relative path, and for a public object of our own storage; false for
-- anything else (another host, a data: or javascript: URL, a path that climbs with '..').
create or replace function public.is_own_image_url(value text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select value is null
      or (value ~ '^/[A-Za-z0-9_./-]*$' and value !~ '^//' and value !~ '\.\.' and char_length(value) <= 1024)
      or (
        char_length(value) <= 2048 and value !~ '[\s"''<>\\]' and value !~ '\.\.'
        and exists (
          select 1
            from public.instance_settings s, unnest(s.storage_urls) as u(base)
           where lower(left(value, char_length(u.base) + 26)) = u.base || '/storage/v1/object/public/'
             and substr(value, char_length(u.base) + 27) ~ '^[a-z0-9_-]+/[^?#]+([?#].*)?$'
        )
      )
$$;

create or replace function public.own_image_url_message()
returns text
language sql
immutable
set search_path = ''
as $$ select 'Images must be stored here: upload the image instead of linking to another site.' $$;

-- Existing values that cannot be ours (no storage object path, not app-relative) are dropped once,
-- before the checks: the link keeps working and shows its initial instead.
update public.links set icon_url = null
 where icon_url is not null and icon_url !~ '/storage/v1/object/public/' and icon_url !~ '^/[A-Za-z0-9_./-]*$';
update public.links set favicon_url = null
 where favicon_url is not null and favicon_url !~ '/storage/v1/object/public/';
update public.links set preview_image_url = null
 where preview_image_url is not null and preview_image_url !~ '/storage/v1/object/public/';
update public.webpage_settings set banner_background_url = null
 where banner_background_url is not null and banner_background_url !~ '/storage/v1/object/public/';

create or replace function public.refuse_foreign_link_images()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' or new.icon_url is distinct from old.icon_url) and not public.is_own_image_url(new.icon_url) then
    raise exception '%', public.own_image_url_message() using errcode = '23514', hint = 'icon_url';
  end if;
  if (tg_op = 'INSERT' or new.favicon_url is distinct from old.favicon_url) and not public.is_own_image_url(new.favicon_url) then
    raise exception '%', public.own_image_url_message() using errcode = '23514', hint = 'favicon_url';
  end if;
  if (tg_op = 'INSERT' or new.preview_image_url is distinct from old.preview_image_url) and not public.is_own_image_url(new.preview_image_url) then
    raise exception '%', public.own_image_url_message() using errcode = '23514', hint = 'preview_image_url';
  end if;
  return new;
end
$$;

-- Only rows that carry an image URL run the function (most inserts and every count update skip it).
create trigger links_refuse_foreign_images_insert
  before insert on public.links
  for each row when (new.icon_url is not null or new.favicon_url is not null or new.preview_image_url is not null)
  execute function public.refuse_foreign_link_images();

create trigger links_refuse_foreign_images_update
  before update of icon_url, favicon_url, preview_image_url on public.links
  for each row execute function public.refuse_foreign_link_images();

create or replace function public.refuse_foreign_banner_image()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op = 'INSERT' or new.banner_background_url is distinct from old.banner_background_url)
     and not public.is_own_image_url(new.banner_background_url) then
    raise exception '%', public.own_image_url_message() using errcode = '23514', hint = 'banner_background_url';
  end if;
  return new;
end
$$;

create trigger webpage_settings_refuse_foreign_banner
  before insert or update of banner_background_url on public.webpage_settings
  for each row execute function public.refuse_foreign_banner_image();

revoke execute on function public.register_storage_url(text) from public, anon, authenticated;
grant execute on function public.register_storage_url(text) to service_role;
revoke execute on function public.is_own_image_url(text), public.own_image_url_message() from public, anon;
grant execute on function public.is_own_image_url(text), public.own_image_url_message() to authenticated, service_role;
revoke execute on function public.refuse_foreign_link_images(), public.refuse_foreign_banner_image() from public, anon, authenticated;
