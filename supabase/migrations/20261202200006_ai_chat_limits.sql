-- AI Link Discovery is not a free proxy.
--   * Calls per user are limited per minute and per day: the ai-chat function takes a slot before it
--     calls the provider (take_ai_chat_slot, one caller per user at a time under an advisory lock,
--     so parallel calls cannot all pass). The numbers are shared/constants.ts AI_CHATS_PER_MINUTE and
--     AI_CHATS_PER_DAY, passed by the function (one definition), as take_link_preview_slot does.
--   * ai_chat_history is written by the function only: clients may read and delete their own rows,
--     never insert or change them (a client row could pose as an answer the server never gave).

create table public.ai_chat_log (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  requested_at timestamptz not null default now()
);
create index ai_chat_log_user_idx on public.ai_chat_log (user_id, requested_at desc);
alter table public.ai_chat_log enable row level security;
revoke all on public.ai_chat_log from public, anon, authenticated;
grant all on public.ai_chat_log to service_role;

-- 'ok' (a slot was taken), 'minute' or 'day' (that limit is reached; nothing taken).
create or replace function public.take_ai_chat_slot(p_user_id uuid, per_minute integer, per_day integer)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_minute integer;
  v_day integer;
begin
  perform pg_advisory_xact_lock(hashtextextended('ai_chat:' || p_user_id::text, 0));
  delete from public.ai_chat_log l where l.user_id = p_user_id and l.requested_at < now() - interval '1 day';
  select count(*) filter (where l.requested_at > now() - interval '1 minute'), count(*)
    into v_minute, v_day
    from public.ai_chat_log l where l.user_id = p_user_id;
  if v_day >= per_day then
    return 'day';
  end if;
  if v_minute >= per_minute then
    return 'minute';
  end if;
  insert into public.ai_chat_log (user_id) values (p_user_id);
  return 'ok';
end
$$;
revoke execute on function public.take_ai_chat_slot(uuid, integer, integer) from public, anon, authenticated;
grant execute on function public.take_ai_chat_slot(uuid, integer, integer) to service_role;

drop policy if exists ai_chat_history_owner on public.ai_chat_history;
revoke insert, update on public.ai_chat_history from authenticated;
create policy ai_chat_history_select_own on public.ai_chat_history
  for select to authenticated using (user_id = (select auth.uid()));
create policy ai_chat_history_delete_own on public.ai_chat_history
  for delete to authenticated using (user_id = (select auth.uid()));
