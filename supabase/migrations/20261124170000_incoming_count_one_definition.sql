-- Issue 17 item 1: one definition of "incoming links".
-- pending_incoming_count() (the extension badge) counted shared_links rows on its own, while the
-- dashboard lists list_incoming_shares('pending'), which also requires the shared link to exist
-- (inner join on links). The two could disagree; now the count is the list's length by definition.
create or replace function public.pending_incoming_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when auth.uid() is null then 0
              else (select count(*)::integer from public.list_incoming_shares('pending')) end
$$;

revoke execute on function public.pending_incoming_count() from public, anon;
grant execute on function public.pending_incoming_count() to authenticated, service_role;
