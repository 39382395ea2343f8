-- Storage: the five public buckets with their size and MIME limits, and the policies on
-- storage.objects. Reads are public (public buckets); writes only under the caller's own folder
-- {auth.uid()}/..., admins also under templates/... and settings/... . No SVG anywhere: an
-- uploaded SVG served inline is stored XSS.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('link-icons', 'link-icons', true, 5242880, array['image/jpeg', 'image/png', 'image/gif']),
  ('category-icons', 'category-icons', true, 5242880, array['image/jpeg', 'image/png', 'image/gif']),
  ('banner-backgrounds', 'banner-backgrounds', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']),
  ('main-photos', 'main-photos', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']),
  ('message-images', 'message-images', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The caller may write this object path: their own top folder, or (admins) templates/ and settings/.
create or replace function public.can_write_storage_object(object_bucket_id text, object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null
     and object_bucket_id in ('link-icons', 'category-icons', 'banner-backgrounds', 'main-photos', 'message-images')
     and object_name is not null
     and position('..' in object_name) = 0
     and array_length(storage.foldername(object_name), 1) >= 1
     and (
       (storage.foldername(object_name))[1] = auth.uid()::text
       or ((storage.foldername(object_name))[1] in ('templates', 'settings') and public.is_admin())
     )
$$;

revoke execute on function public.can_write_storage_object(text, text) from public, anon;
grant execute on function public.can_write_storage_object(text, text) to authenticated, service_role;

drop policy if exists "app buckets are publicly readable" on storage.objects;
drop policy if exists "app buckets: write own folder" on storage.objects;
drop policy if exists "app buckets: update own folder" on storage.objects;
drop policy if exists "app buckets: delete own folder" on storage.objects;

create policy "app buckets are publicly readable" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('link-icons', 'category-icons', 'banner-backgrounds', 'main-photos', 'message-images'));

create policy "app buckets: write own folder" on storage.objects
  for insert to authenticated
  with check (public.can_write_storage_object(bucket_id, name));

create policy "app buckets: update own folder" on storage.objects
  for update to authenticated
  using (public.can_write_storage_object(bucket_id, name))
  with check (public.can_write_storage_object(bucket_id, name));

create policy "app buckets: delete own folder" on storage.objects
  for delete to authenticated
  using (public.can_write_storage_object(bucket_id, name));

-- Bucket metadata (limits) is readable by clients for the app's buckets; only the server changes it.
drop policy if exists "app buckets: metadata readable" on storage.buckets;
create policy "app buckets: metadata readable" on storage.buckets
  for select to anon, authenticated
  using (id in ('link-icons', 'category-icons', 'banner-backgrounds', 'main-photos', 'message-images'));
