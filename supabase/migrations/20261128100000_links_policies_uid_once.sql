-- Issue 11 'Scale': the links policies called auth.uid() once per row (a setting read and a uuid cast
-- each time): reading a user's 10,000 links under RLS took 20 ms on PGlite where the rows alone take
-- 4 ms (count(*) as the user), and list_links / list_folder_links pay it on every first load.
-- Written as `(select auth.uid())`, Postgres runs it once per statement (an InitPlan), as Supabase's
-- RLS performance guide recommends. Same rows, same rules (tests/db: the RLS matrix; the catalogue
-- check refuses a links policy that calls auth.uid() per row).
alter policy links_select on public.links
  using (user_id = (select auth.uid()) or is_template or public.link_shared_with_me(id));

alter policy links_insert_own on public.links
  with check (
    user_id = (select auth.uid()) and not is_template
    and (category_id is null or public.owns_category(category_id))
    and (second_category_id is null or public.owns_category(second_category_id))
  );

alter policy links_update_own on public.links
  using (user_id = (select auth.uid()) and not is_template)
  with check (
    user_id = (select auth.uid()) and not is_template
    and (category_id is null or public.owns_category(category_id))
    and (second_category_id is null or public.owns_category(second_category_id))
  );

alter policy links_delete_own on public.links
  using (user_id = (select auth.uid()) and not is_template);

-- The admins' template policies likewise (their with check runs per written row).
alter policy links_admin_insert_template on public.links
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = (select auth.uid()))
    and category_id is not null and public.is_template_category(category_id)
    and (second_category_id is null or public.is_template_category(second_category_id))
  );

alter policy links_admin_update_template on public.links
  using (is_template and public.is_admin())
  with check (
    is_template and public.is_admin() and (user_id is null or user_id = (select auth.uid()))
    and category_id is not null and public.is_template_category(category_id)
    and (second_category_id is null or public.is_template_category(second_category_id))
  );

