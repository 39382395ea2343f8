-- Row-level security: enabled on every table, owner-only by default, with exactly the spec's
-- exceptions (share recipients, templates for every signed-in user, admin-managed templates and
-- default backgrounds, admin backgrounds as fallbacks). Also the table/column privileges:
-- anon gets no table access at all (public pages go through get_public_page_by_slug), and
-- profiles expose only the columns a user may change (email is changed by the server).

-- ---------------------------------------------------------------------------------------------
-- Policy helpers. security definer so a policy on one table can look at another without
-- recursing through that table's own policies. Executable by signed-in users only.

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
$$;

create or replace function public.is_admin_user(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.user_roles r where r.user_id = check_user_id and r.role = 'admin')
$$;

-- The caller owns this (non-template) category.
create or replace function public.owns_category(check_category_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.categories c
     where c.id = check_category_id and c.user_id = auth.uid() and not c.is_template
  )
$$;

create or replace function public.is_template_category(check_category_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.categories c where c.id = check_category_id and c.is_template)
$$;

create or replace function public.owns_link(check_link_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.links l where l.id = check_link_id and l.user_id = auth.uid())
$$;

-- A share row is addressed to the caller: by resolved account, or (while unresolved) by the
-- caller's e-mail or username.
create or replace function public.is_share_recipient(share_recipient_user_id uuid, share_recipient_email text, share_recipient_username text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    share_recipient_user_id = auth.uid()
    or (
      share_recipient_user_id is null
      and exists (
        select 1 from public.profiles p
         where p.user_id = auth.uid()
           and (
             (share_recipient_email is not null and lower(p.email) = lower(share_recipient_email))
             or (share_recipient_username is not null and lower(p.username) = lower(share_recipient_username))
           )
      )
    )
  )
$$;

-- The share was delivered to the caller: addressed to them (is_share_recipient) and not
-- suppressed because they blocked the sender. Every recipient-side policy and RPC uses this.
-- It takes only the share's id and reads the row itself, so a caller cannot pass made-up
-- columns to probe whether one of their own shares was suppressed. Unresolved shares (no
-- recipient account yet) are matched at read time, so the block is checked at read time too.
create or replace function public.receives_share(share_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shared_links s
     where s.id = share_id
       and public.is_share_recipient(s.recipient_user_id, s.recipient_email, s.recipient_username)
       and not exists (select 1 from public.suppressed_shares x where x.shared_link_id = s.id)
       and (s.recipient_user_id is not null or not public._sender_blocked_by(auth.uid(), s.sender_id))
  )
$$;

-- A link the caller received (any status): the recipient may read the sender's link row.
create or replace function public.link_shared_with_me(check_link_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.shared_links s
     where s.link_id = check_link_id
       and public.receives_share(s.id)
  )
$$;

-- ---------------------------------------------------------------------------------------------
-- Table privileges. anon: nothing. authenticated: what the policies then narrow down.

revoke all on
  public.profiles, public.login_activity, public.categories, public.links, public.shared_links,
  public.user_backgrounds, public.user_roles, public.ai_chat_history, public.username_change_history,
  public.blocked_senders, public.user_appearance_settings, public.user_privacy_settings,
  public.webpage_settings, public.password_history, public.email_change_requests, public.public_page_members,
  public.suppressed_shares
from anon, authenticated, public;

grant all on
  public.profiles, public.login_activity, public.categories, public.links, public.shared_links,
  public.user_backgrounds, public.user_roles, public.ai_chat_history, public.username_change_history,
  public.blocked_senders, public.user_appearance_settings, public.user_privacy_settings,
  public.webpage_settings, public.password_history, public.email_change_requests, public.public_page_members,
  public.suppressed_shares
to service_role;

-- profiles: created by the sign-up trigger, never inserted or deleted by a client; only these
-- columns are changeable by their owner.
grant select on public.profiles to authenticated;
grant update (email_visible, name_visible, username, public_page_slug, icon_outline_color) on public.profiles to authenticated;

grant select, insert on public.login_activity to authenticated;
grant select, insert, update, delete on public.categories, public.links, public.user_backgrounds,
  public.ai_chat_history, public.blocked_senders, public.user_appearance_settings,
  public.user_privacy_settings, public.webpage_settings to authenticated;
grant select, insert, delete on public.shared_links, public.public_page_members to authenticated;
-- A recipient records what they did with a share; nobody rewrites who sent what to whom.
grant update (status, accepted_at, moved_to_category_id) on public.shared_links to authenticated;
grant select on public.user_roles, public.username_change_history to authenticated;
-- password_history, email_change_requests, suppressed_shares: service role only.

-- ---------------------------------------------------------------------------------------------
-- Enable RLS everywhere.

alter table public.profiles enable row level security;
alter table public.login_activity enable row level security;
alter table public.categories enable row level security;
alter table public.links enable row level security;
alter table public.shared_links enable row level security;
alter table public.user_backgrounds enable row level security;
alter table public.user_roles enable row level security;
alter table public.ai_chat_history enable row level security;
alter table public.username_change_history enable row level security;
alter table public.blocked_senders enable row level security;
alter table public.user_appearance_settings enable row level security;
alter table public.user_privacy_settings enable row level security;
alter table public.webpage_settings enable row level security;
alter table public.password_history enable row level security;
alter table public.email_change_requests enable row level security;
alter table public.public_page_members enable row level security;
alter table public.suppressed_shares enable row level security;

-- ---------------------------------------------------------------------------------------------
-- profiles: own row only (others are reached through search_usernames / availability RPCs).

create policy profiles_select_own on public.profiles
  for select to authenticated using (user_id = auth.uid());
create policy profiles_update_own on public.profiles
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());

-- login_activity: append and read own.
create policy login_activity_select_own on public.login_activity
  for select to authenticated using (user_id = auth.uid());
create policy login_activity_insert_own on public.login_activity
  for insert to authenticated with check (user_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- categories: own folders; template folders readable by every signed-in user and managed by
-- admins; default (system) folders cannot be changed or removed; a parent must be the caller's.

create policy categories_select on public.categories
  for select to authenticated using (user_id = auth.uid() or is_template);

create policy categories_insert_own on public.categories
  for insert to authenticated with check (
    user_id = auth.uid() and not is_template and not is_default and system_key is null
    and (parent_category_id is null or public.owns_category(parent_category_id))
  );
create policy categories_update_own on public.categories
  for update to authenticated
  using (user_id = auth.uid() and not is_template and not is_default)
  with check (
    user_id = auth.uid() and not is_template and not is_default and system_key is null
    and (parent_category_id is null or public.owns_category(parent_category_id))
  );
create policy categories_delete_own on public.categories
  for delete to authenticated using (user_id = auth.uid() and not is_template and not is_default);

create policy categories_admin_insert_template on public.categories
  for insert to authenticated with check (
    is_template and public.is_admin() and (user_id is null or user_id = auth.uid())
    and (parent_category_id is null or public.is_template_category(parent_category_id))
  );
create policy categories_admin_update_template on public.categories
  for update to authenticated
  using (is_template and public.is_admin())
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = auth.uid())
    and (parent_category_id is null or public.is_template_category(parent_category_id))
  );
create policy categories_admin_delete_template on public.categories
  for delete to authenticated using (is_template and public.is_admin());

-- ---------------------------------------------------------------------------------------------
-- links: own links; template links readable by every signed-in user, managed by admins; a link
-- shared with the caller is readable by them. Categories referenced must be the caller's.

create policy links_select on public.links
  for select to authenticated using (
    user_id = auth.uid() or is_template or public.link_shared_with_me(id)
  );
create policy links_insert_own on public.links
  for insert to authenticated with check (
    user_id = auth.uid() and not is_template
    and (category_id is null or public.owns_category(category_id))
    and (second_category_id is null or public.owns_category(second_category_id))
  );
create policy links_update_own on public.links
  for update to authenticated
  using (user_id = auth.uid() and not is_template)
  with check (
    user_id = auth.uid() and not is_template
    and (category_id is null or public.owns_category(category_id))
    and (second_category_id is null or public.owns_category(second_category_id))
  );
create policy links_delete_own on public.links
  for delete to authenticated using (user_id = auth.uid() and not is_template);

create policy links_admin_insert_template on public.links
  for insert to authenticated with check (
    is_template and public.is_admin() and (user_id is null or user_id = auth.uid())
    and category_id is not null and public.is_template_category(category_id)
    and (second_category_id is null or public.is_template_category(second_category_id))
  );
create policy links_admin_update_template on public.links
  for update to authenticated
  using (is_template and public.is_admin())
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = auth.uid())
    and category_id is not null and public.is_template_category(category_id)
    and (second_category_id is null or public.is_template_category(second_category_id))
  );
create policy links_admin_delete_template on public.links
  for delete to authenticated using (is_template and public.is_admin());

-- ---------------------------------------------------------------------------------------------
-- shared_links: the sender sees and withdraws their shares; the recipient sees them, records
-- accept/reject (status, accepted_at, moved_to_category_id) and removes them.

create policy shared_links_select on public.shared_links
  for select to authenticated using (sender_id = auth.uid() or public.receives_share(id));
create policy shared_links_insert_sender on public.shared_links
  for insert to authenticated with check (sender_id = auth.uid() and public.owns_link(link_id));
-- Recipient columns and id are not updatable (column grants), so checking the stored row is enough.
create policy shared_links_update_recipient on public.shared_links
  for update to authenticated
  using (public.receives_share(id))
  with check (
    public.receives_share(id)
    and (moved_to_category_id is null or public.owns_category(moved_to_category_id))
  );
create policy shared_links_delete on public.shared_links
  for delete to authenticated using (sender_id = auth.uid() or public.receives_share(id));

-- ---------------------------------------------------------------------------------------------
-- user_backgrounds: own rows; every signed-in user also reads admins' rows (fallback defaults,
-- shown with the 'Default' badge and not deletable by the user).

create policy user_backgrounds_select on public.user_backgrounds
  for select to authenticated using (user_id = auth.uid() or public.is_admin_user(user_id));
create policy user_backgrounds_insert_own on public.user_backgrounds
  for insert to authenticated with check (
    user_id = auth.uid() and (category_id is null or public.owns_category(category_id))
  );
create policy user_backgrounds_update_own on public.user_backgrounds
  for update to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid() and (category_id is null or public.owns_category(category_id)));
create policy user_backgrounds_delete_own on public.user_backgrounds
  for delete to authenticated using (user_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- user_roles and username_change_history: read own; written only by the server.

create policy user_roles_select_own on public.user_roles
  for select to authenticated using (user_id = auth.uid());
create policy username_change_history_select_own on public.username_change_history
  for select to authenticated using (user_id = auth.uid());

-- ---------------------------------------------------------------------------------------------
-- Plain owner-only tables.

create policy ai_chat_history_owner on public.ai_chat_history
  for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy blocked_senders_owner on public.blocked_senders
  for all to authenticated using (blocked_by = auth.uid()) with check (blocked_by = auth.uid());
create policy user_appearance_settings_owner on public.user_appearance_settings
  for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy user_privacy_settings_owner on public.user_privacy_settings
  for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy webpage_settings_owner on public.webpage_settings
  for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());

-- public_page_members: the page owner manages the list; a member may see (and leave) theirs.
create policy public_page_members_select on public.public_page_members
  for select to authenticated using (owner_id = auth.uid() or member_user_id = auth.uid());
create policy public_page_members_insert_owner on public.public_page_members
  for insert to authenticated with check (owner_id = auth.uid());
create policy public_page_members_delete on public.public_page_members
  for delete to authenticated using (owner_id = auth.uid() or member_user_id = auth.uid());

-- password_history, email_change_requests, suppressed_shares: RLS on, no policies (service role only).

-- ---------------------------------------------------------------------------------------------
-- Function privileges for this file (the RPC file ends with a catalogue-wide sweep too).

-- is_share_recipient is only called inside receives_share (security definer), never by a client.
revoke execute on function public.is_admin(), public.is_admin_user(uuid), public.owns_category(uuid),
  public.is_template_category(uuid), public.owns_link(uuid), public.is_share_recipient(uuid, text, text),
  public.receives_share(uuid), public.link_shared_with_me(uuid)
from public, anon;
revoke execute on function public.is_share_recipient(uuid, text, text) from authenticated;
grant execute on function public.is_admin(), public.is_admin_user(uuid), public.owns_category(uuid),
  public.is_template_category(uuid), public.owns_link(uuid), public.receives_share(uuid),
  public.link_shared_with_me(uuid)
to authenticated, service_role;
grant execute on function public.is_share_recipient(uuid, text, text) to service_role;
