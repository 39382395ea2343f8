-- Every RLS policy calls auth.uid() in a scalar subquery, `(select auth.uid())`: Postgres then runs
-- it once per statement (an InitPlan) instead of once per row, as Supabase's database advisor asks
-- (lint auth_rls_initplan) and 20261128100000_links_policies_uid_once.sql already did for
-- public.links. auth.uid() is stable within a statement, so each policy admits exactly the rows it
-- admitted before: only the clauses that called auth.uid() change, names, commands and roles stay.
-- Generated from pg_policies of the migrated database, then written out by hand;
-- tests/db/generated-schema.test.ts checks that every policy here deparses to its old expression
-- with the calls wrapped, and that no policy calls auth.uid()/jwt()/role()/email() per row.

-- public.ai_chat_history
alter policy ai_chat_history_owner on public.ai_chat_history
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.blocked_senders
alter policy blocked_senders_owner on public.blocked_senders
  using (blocked_by = (select auth.uid()))
  with check (blocked_by = (select auth.uid()));

-- public.categories
alter policy categories_select on public.categories
  using (user_id = (select auth.uid()) or is_template);

alter policy categories_insert_own on public.categories
  with check (
    user_id = (select auth.uid()) and not is_template and not is_default and system_key is null
    and (parent_category_id is null or public.owns_category(parent_category_id))
  );

alter policy categories_update_own on public.categories
  using (user_id = (select auth.uid()) and not is_template and not is_default)
  with check (
    user_id = (select auth.uid()) and not is_template and not is_default and system_key is null
    and (parent_category_id is null or public.owns_category(parent_category_id))
  );

alter policy categories_delete_own on public.categories
  using (user_id = (select auth.uid()) and not is_template and not is_default);

alter policy categories_admin_insert_template on public.categories
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = (select auth.uid()))
    and (parent_category_id is null or public.is_template_category(parent_category_id))
  );

alter policy categories_admin_update_template on public.categories
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = (select auth.uid()))
    and (parent_category_id is null or public.is_template_category(parent_category_id))
  );

-- public.login_activity
alter policy login_activity_select_own on public.login_activity
  using (user_id = (select auth.uid()));

alter policy login_activity_insert_own on public.login_activity
  with check (user_id = (select auth.uid()));

-- public.profiles
alter policy profiles_select_own on public.profiles
  using (user_id = (select auth.uid()));

alter policy profiles_update_own on public.profiles
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.public_page_members
alter policy public_page_members_select on public.public_page_members
  using (owner_id = (select auth.uid()) or member_user_id = (select auth.uid()));

alter policy public_page_members_insert_owner on public.public_page_members
  with check (owner_id = (select auth.uid()));

alter policy public_page_members_delete on public.public_page_members
  using (owner_id = (select auth.uid()) or member_user_id = (select auth.uid()));

-- public.settings_icons
alter policy settings_icons_admin_insert on public.settings_icons
  with check (public.is_admin() and updated_by = (select auth.uid()));

alter policy settings_icons_admin_update on public.settings_icons
  with check (public.is_admin() and updated_by = (select auth.uid()));

-- public.shared_links
alter policy shared_links_select on public.shared_links
  using (sender_id = (select auth.uid()) or public.receives_share(id));

alter policy shared_links_insert_sender on public.shared_links
  with check (sender_id = (select auth.uid()) and public.owns_link(link_id));

alter policy shared_links_delete on public.shared_links
  using (sender_id = (select auth.uid()) or public.receives_share(id));

-- public.user_appearance_settings
alter policy user_appearance_settings_owner on public.user_appearance_settings
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.user_backgrounds
alter policy user_backgrounds_select on public.user_backgrounds
  using (user_id = (select auth.uid()) or public.is_admin_user(user_id));

alter policy user_backgrounds_insert_own on public.user_backgrounds
  with check (user_id = (select auth.uid()) and (category_id is null or public.owns_category(category_id)));

alter policy user_backgrounds_update_own on public.user_backgrounds
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (category_id is null or public.owns_category(category_id)));

alter policy user_backgrounds_delete_own on public.user_backgrounds
  using (user_id = (select auth.uid()));

-- public.user_privacy_settings
alter policy user_privacy_settings_owner on public.user_privacy_settings
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- public.user_roles
alter policy user_roles_select_own on public.user_roles
  using (user_id = (select auth.uid()));

-- public.username_change_history
alter policy username_change_history_select_own on public.username_change_history
  using (user_id = (select auth.uid()));

-- public.webpage_settings
alter policy webpage_settings_owner on public.webpage_settings
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- storage.objects: hosted Supabase lets the migration role alter policies on this table it does not
-- own (supautils' policy_grants), as it let 20261125120000_link_previews.sql create this one.
alter policy "link previews: read own folder" on storage.objects
  using (bucket_id = 'link-previews' and (storage.foldername(name))[1] = (select auth.uid())::text);
