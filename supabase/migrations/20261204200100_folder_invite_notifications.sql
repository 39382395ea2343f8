-- A folder invitation bound to an account (by username, or an account matched later) queues a
-- 'folder_invite' notification: never for a suppressed invitation (the invitee blocked the owner,
-- turned sharing off or is deactivated), nor when the invitee turned these e-mails off.

create function public.queue_folder_invite_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_sender uuid := coalesce(new.invited_by, new.owner_id);
begin
  if new.member_user_id is null or new.suppressed or new.accepted_at is not null then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.member_user_id is not distinct from new.member_user_id then
    return null;
  end if;
  if public._sender_blocked_by(new.member_user_id, v_sender)
     or public._sender_blocked_by(new.member_user_id, new.owner_id)
     or public.account_refuses_shares(new.member_user_id)
     or not coalesce((select s.folder_invite_email from public.notification_settings s where s.user_id = new.member_user_id), true) then
    return null;
  end if;
  insert into public.notification_outbox (user_id, kind, sender_id, folder_member_id)
  values (new.member_user_id, 'folder_invite', v_sender, new.id);
  return null;
end
$$;
revoke execute on function public.queue_folder_invite_notification() from public, anon, authenticated;
grant execute on function public.queue_folder_invite_notification() to service_role;

create trigger folder_members_queue_notification after insert on public.folder_members
  for each row execute function public.queue_folder_invite_notification();
create trigger folder_members_queue_notification_bound after update of member_user_id on public.folder_members
  for each row execute function public.queue_folder_invite_notification();

-- Removing an invitation withdraws its waiting notification (no foreign key: the outbox predates it).
create function public.withdraw_folder_invite_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notification_outbox o set status = 'skipped'
   where o.folder_member_id = old.id and o.status = 'pending';
  return null;
end
$$;
revoke execute on function public.withdraw_folder_invite_notification() from public, anon, authenticated;
grant execute on function public.withdraw_folder_invite_notification() to service_role;

create trigger folder_members_withdraw_notification after delete on public.folder_members
  for each row execute function public.withdraw_folder_invite_notification();
