-- Issue 12: the Settings Icon Manager's choice per /settings category, and icons readable by
-- every signed-in user.
--
-- 1. settings_icons: which uploaded icon (category-icons/settings/{slug}/...) a /settings category
--    (or the page header, slug 'page-header') shows. Everyone signed in reads it; only admins write.
--    Without a row the newest file of the folder is shown (part 2 §7: listing latest first).
-- 2. Issue 19 made listing of the public buckets owner-only, which also hid settings/ from the
--    non-admins who read /settings: listing settings/ in category-icons is open to signed-in users
--    again (the files are public by URL anyway; writes stay admin-only).
--
-- Templates need no new policy: categories_admin_* and links_admin_* (20251101000200) already allow
-- template writes to admins only, storage's can_write_storage_object allows templates/ to admins only,
-- and copy_template_category names a second copy 'Name (2)' (tests/db/templates.test.ts).

create table if not exists public.settings_icons (
  slug text primary key,
  path text not null,
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint settings_icons_slug_shape check (slug ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  -- Only a file of this slug's own folder, no path tricks.
  constraint settings_icons_path_in_folder check (
    path like 'settings/' || slug || '/%' and position('..' in path) = 0 and length(path) <= 300
  )
);

alter table public.settings_icons enable row level security;

revoke all on public.settings_icons from anon, authenticated, public;
grant select, insert, update, delete on public.settings_icons to authenticated;
grant all on public.settings_icons to service_role;

drop policy if exists settings_icons_read on public.settings_icons;
create policy settings_icons_read on public.settings_icons
  for select to authenticated using (true);

drop policy if exists settings_icons_admin_insert on public.settings_icons;
create policy settings_icons_admin_insert on public.settings_icons
  for insert to authenticated with check (public.is_admin() and updated_by = auth.uid());

drop policy if exists settings_icons_admin_update on public.settings_icons;
create policy settings_icons_admin_update on public.settings_icons
  for update to authenticated using (public.is_admin()) with check (public.is_admin() and updated_by = auth.uid());

drop policy if exists settings_icons_admin_delete on public.settings_icons;
create policy settings_icons_admin_delete on public.settings_icons
  for delete to authenticated using (public.is_admin());

drop policy if exists "category-icons: settings icons listable" on storage.objects;
create policy "category-icons: settings icons listable" on storage.objects
  for select to authenticated
  using (bucket_id = 'category-icons' and (storage.foldername(name))[1] = 'settings');

-- Removing a chosen icon's file un-chooses it (the category falls back to its newest icon or the
-- built-in one) instead of pointing at a missing file.
create or replace function public.forget_removed_settings_icon()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.bucket_id = 'category-icons' and old.name like 'settings/%' then
    delete from public.settings_icons s where s.path = old.name;
  end if;
  return old;
end
$$;

revoke execute on function public.forget_removed_settings_icon() from public, anon, authenticated;

drop trigger if exists forget_removed_settings_icon on storage.objects;
create trigger forget_removed_settings_icon
  after delete on storage.objects
  for each row execute function public.forget_removed_settings_icon();
