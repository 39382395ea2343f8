-- Two-factor authentication: a user who has a verified factor (auth.mfa_factors) reaches their data
-- only with an aal2 session, i.e. after entering a code. Supabase's documented pattern ("enforce aal2
-- when the user has factors") as one restrictive policy per table, through one helper, on every
-- public table with row-level security. Restrictive policies are ANDed with the existing permissive
-- ones, so they only ever take rows away; anon (public pages) and the service role are unaffected.
-- A table created later needs the same policy (tests/db/mfa-policies.test.ts checks that every one has it).

create schema if not exists private;

-- Security definer: authenticated cannot read auth.mfa_factors itself (its secrets).
create or replace function private.session_meets_mfa()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;
revoke execute on function private.session_meets_mfa() from public, anon;
grant execute on function private.session_meets_mfa() to authenticated, service_role;

do $$
declare t record;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
  loop
    execute format('drop policy if exists mfa_aal2_when_enrolled on public.%I', t.relname);
    -- (select ...): evaluated once per statement, not once per row.
    execute format(
      'create policy mfa_aal2_when_enrolled on public.%I as restrictive for all to authenticated using ((select private.session_meets_mfa())) with check ((select private.session_meets_mfa()))',
      t.relname
    );
  end loop;
end $$;
