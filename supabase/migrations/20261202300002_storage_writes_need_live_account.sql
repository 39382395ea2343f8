-- A deleted account's access token does nothing. The token stays valid until it expires (an hour),
-- and Storage, like PostgREST, checks only a token's signature and expiry, never whether its user
-- still exists (locally and on hosted Supabase alike). The tables refuse such a token's writes by
-- their foreign keys to auth.users; storage.objects has none, so an upload to main-photos/{uid}/
-- went through: a public file of nobody's, which nothing would ever remove.
--
-- can_write_storage_object (20251101000300_storage.sql), the check of the insert, update and delete
-- policies on storage.objects (and of the owner's listing), now also asks that the caller's account
-- exists and is not deleted. It is security definer, so it reads auth.users whoever calls it; no
-- policy on storage.objects changes (hosted lets migrations create policies there, nothing else).
-- Otherwise as before: the caller's own top folder, admins also templates/ and settings/.
create or replace function public.can_write_storage_object(object_bucket_id text, object_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null
     and exists (select 1 from auth.users u where u.id = auth.uid() and u.deleted_at is null)
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
