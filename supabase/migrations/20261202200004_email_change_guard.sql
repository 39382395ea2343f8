-- E-mail change, hardened.
--
-- 1. A code is counted and checked in one atomic step. check_email_change_code locks the caller's
--    newest code row, compares the hash and counts the try in the same transaction: parallel guesses
--    queue on the row lock, and the fifth wrong one burns the code (consumed_at), so no number of
--    parallel guesses can leave the right code usable. Before, a try was taken first and the code
--    compared later in the function, and a code whose tries were used up stayed stored unused.
-- 2. Undo: confirming a change e-mails the OLD address a link that restores it (valid 7 days, the
--    token stored as its SHA-256 only). email_change_undo holds those tokens; server only.
--
-- Both are called by the edge functions with the service role only.

create or replace function public.email_change_max_tries()
returns integer
language sql
immutable
set search_path = ''
as $$ select 5 $$;

-- Answers {ok: true, new_email, request_id} once for the right code (the code is then used up), or
-- {ok: false, error: 'no_pending_request' | 'code_expired' | 'too_many_attempts' | 'invalid_code',
-- attempts_left?}. p_code_hash is sha256(user_id ':' code) in hex; p_now is the caller's clock.
create or replace function public.check_email_change_code(p_user_id uuid, p_code_hash text, p_now timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_req public.email_change_requests%rowtype;
  v_max integer := public.email_change_max_tries();
  v_tries integer;
begin
  -- Only the newest code counts; its row lock makes parallel checks of one user run one by one.
  select * into v_req from public.email_change_requests r
   where r.user_id = p_user_id
   order by r.created_at desc, r.id desc
   limit 1
   for update;
  if not found or (v_req.consumed_at is not null and v_req.attempts < v_max) then
    return jsonb_build_object('ok', false, 'error', 'no_pending_request');
  end if;
  if v_req.attempts >= v_max then
    return jsonb_build_object('ok', false, 'error', 'too_many_attempts');
  end if;
  if coalesce(p_now, now()) > v_req.expires_at then
    return jsonb_build_object('ok', false, 'error', 'code_expired');
  end if;
  if v_req.code_hash = coalesce(p_code_hash, '') then
    update public.email_change_requests r set consumed_at = coalesce(p_now, now()) where r.id = v_req.id;
    return jsonb_build_object('ok', true, 'new_email', v_req.new_email, 'request_id', v_req.id);
  end if;
  v_tries := v_req.attempts + 1;
  update public.email_change_requests r
     set attempts = v_tries,
         consumed_at = case when v_tries >= v_max then coalesce(p_now, now()) else r.consumed_at end
   where r.id = v_req.id;
  return jsonb_build_object('ok', false, 'error', 'invalid_code', 'attempts_left', greatest(v_max - v_tries, 0));
end
$$;

revoke execute on function public.check_email_change_code(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.check_email_change_code(uuid, text, timestamptz) to service_role;
revoke execute on function public.email_change_max_tries() from public, anon;
grant execute on function public.email_change_max_tries() to authenticated, service_role;

create table public.email_change_undo (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  old_email text not null,
  new_email text not null,
  token_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  used_at timestamptz,
  constraint email_change_undo_hash_format check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint email_change_undo_hash_key unique (token_hash)
);
create index email_change_undo_user_idx on public.email_change_undo (user_id, created_at desc);
alter table public.email_change_undo enable row level security;
revoke all on public.email_change_undo from anon, authenticated;
grant all on public.email_change_undo to service_role;

-- Takes an undo token (by its hash) at most once: answers its row, and retires it together with
-- every undo token of the same account issued after it (a later change is undone with it), so an
-- older token (an earlier owner's address) stays usable. Nothing when the token is unknown, used
-- or expired.
create or replace function public.claim_email_change_undo(p_token_hash text, p_now timestamptz)
returns table (user_id uuid, old_email text, new_email text, created_at timestamptz)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_row public.email_change_undo%rowtype;
begin
  select * into v_row from public.email_change_undo u
   where u.token_hash = p_token_hash and u.used_at is null and u.expires_at > coalesce(p_now, now())
   for update;
  if not found then
    return;
  end if;
  update public.email_change_undo u set used_at = coalesce(p_now, now())
   where u.user_id = v_row.user_id and u.used_at is null and u.created_at >= v_row.created_at;
  -- A code requested by whoever held the session must not change the address again.
  update public.email_change_requests r set consumed_at = coalesce(p_now, now())
   where r.user_id = v_row.user_id and r.consumed_at is null;
  return query select v_row.user_id, v_row.old_email, v_row.new_email, v_row.created_at;
end
$$;

revoke execute on function public.claim_email_change_undo(text, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_email_change_undo(text, timestamptz) to service_role;
