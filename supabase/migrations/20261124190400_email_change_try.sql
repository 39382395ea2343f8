-- Issue 19 item 5: the wrong-code limit of confirm-email-change is checked and counted in one
-- atomic statement. Each comparison first takes a try (attempts + 1 while below 5); parallel
-- guesses therefore each spend one, and past five no code is compared at all (before, 40-100
-- parallel guesses read the same count and checked 8-100 codes). Server only (service role).
create or replace function public.claim_email_change_try(request_id uuid)
returns integer
language sql
security definer
set search_path = ''
as $$
  update public.email_change_requests r
     set attempts = r.attempts + 1
   where r.id = claim_email_change_try.request_id
     and r.consumed_at is null
     and r.attempts < 5
  returning r.attempts
$$;

revoke execute on function public.claim_email_change_try(uuid) from public, anon, authenticated;
grant execute on function public.claim_email_change_try(uuid) to service_role;
