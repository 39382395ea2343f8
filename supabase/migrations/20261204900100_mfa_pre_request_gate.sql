-- Two-factor authentication, the rest of the data: the restrictive aal2 policies
-- (20261204900000_mfa_aal2_policies.sql) cover tables read through RLS, but security definer RPCs
-- skip RLS and Storage has its own table. So:
--   1. PostgREST's pre-request hook (db-pre-request): run in every API request's transaction after
--      the role and JWT claims are set, before the request's statement. It refuses a signed-in
--      session that has not met two-factor (aal1 of a user with a verified factor) with 401 and a
--      readable message, whatever the request (table, view or function). Anon and the service role
--      pay one comparison; a signed-in session one indexed lookup at most (mfa_factors by user).
--   2. The same restrictive policy on storage.objects (list, authenticated download, upload,
--      update, delete; public buckets' URLs stay public by design).

-- Invoker rights: current_user is the request's role. Lives outside the exposed schema, so it is
-- no RPC; the request roles need usage on the schema to call it (every function in private
-- revokes execute from anon, so usage alone opens nothing else).
grant usage on schema private to anon;

create or replace function private.db_pre_request()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  -- Two statements: Postgres checks EXECUTE on every function of an expression when it prepares
  -- it, so anon (no right to session_meets_mfa) must never reach the inner one.
  if current_user = 'authenticated' then
    if not private.session_meets_mfa() then
      raise exception 'Enter your two-factor code to continue.'
        using errcode = 'PT401',
              hint = 'This account has two-factor authentication on: verify a code (auth.mfa.challengeAndVerify) for an aal2 session.';
    end if;
  end if;
end
$$;
revoke execute on function private.db_pre_request() from public;
grant execute on function private.db_pre_request() to anon, authenticated, service_role;

-- PostgREST's in-database configuration (hosted Supabase's PostgREST reads the authenticator
-- role's pgrst.* settings; the local REST reads the same row, docs/local-stack.md). A role that may
-- not alter authenticator (a plain non-superuser `postgres`) gets a warning instead of a failed
-- push: docs/deploying.md has the same statement to run and the query that checks it is set.
do $$
begin
  alter role authenticator set pgrst.db_pre_request = 'private.db_pre_request';
exception when insufficient_privilege then
  raise warning 'pgrst.db_pre_request is not set: run `alter role authenticator set pgrst.db_pre_request = ''private.db_pre_request''; notify pgrst, ''reload config'';` as a role that may (docs/deploying.md)';
end $$;
notify pgrst, 'reload config';

drop policy if exists mfa_aal2_when_enrolled on storage.objects;
create policy mfa_aal2_when_enrolled on storage.objects
  as restrictive for all to authenticated
  using ((select private.session_meets_mfa()))
  with check ((select private.session_meets_mfa()));
