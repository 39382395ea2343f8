-- General settings, one row per user (upsert keyed by user_id): where new saves go when no folder
-- is picked, how a link's address opens, whether deleting a link asks first, and the page after
-- sign-in. A folder named here is the user's own (non-template) folder; deleting it clears it.

create table public.user_preferences (
  user_id uuid primary key references auth.users (id) on delete cascade,
  default_category_id uuid references public.categories (id) on delete set null,
  open_links text not null default 'new_tab',
  confirm_delete boolean not null default true,
  start_page text not null default 'dashboard',
  start_category_id uuid references public.categories (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_preferences_open_links_values check (open_links in ('new_tab', 'same_tab')),
  constraint user_preferences_start_page_values check (start_page in ('dashboard', 'folder'))
);

create index user_preferences_default_category_idx on public.user_preferences (default_category_id);
create index user_preferences_start_category_idx on public.user_preferences (start_category_id);

create trigger user_preferences_set_updated_at before update on public.user_preferences
  for each row execute function public.set_updated_at();

alter table public.user_preferences enable row level security;

create policy user_preferences_owner on public.user_preferences
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (default_category_id is null or public.owns_category(default_category_id))
    and (start_category_id is null or public.owns_category(start_category_id))
  );

revoke all on public.user_preferences from anon, authenticated, public;
grant select, insert, update, delete on public.user_preferences to authenticated;
grant all on public.user_preferences to service_role;
