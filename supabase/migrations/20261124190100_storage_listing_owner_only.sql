-- Issue 19: listing the public buckets revealed every user's id and file names (anonymous and
-- other users' `list`). Public objects stay readable by URL: storage serves /object/public/...
-- of a public bucket without the SELECT policies, on hosted Supabase as locally. What the SELECT
-- policy still governs (list, authenticated download, signed URLs, info) is now owner-only: the
-- caller's own folder, and for admins the shared templates/ and settings/ folders they manage.

drop policy if exists "app buckets are publicly readable" on storage.objects;
drop policy if exists "app buckets: read own folder" on storage.objects;

create policy "app buckets: read own folder" on storage.objects
  for select to authenticated
  using (public.can_write_storage_object(bucket_id, name));
