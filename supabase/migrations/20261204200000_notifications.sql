-- E-mail notifications (Settings → Notifications): one settings row per user (upsert keyed by
-- user_id; no row = the defaults of shared/rules/notifications.ts), and an outbox the
-- send-notifications function drains with the service role. A share that reaches an account
-- queues one outbox row, unless the share is suppressed (blocked sender, an account that refuses
-- shares) or the recipient turned these e-mails off. Clients never read the outbox.

create table public.notification_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  share_email text not null default 'instant',
  folder_invite_email boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint notification_settings_share_email_values check (share_email in ('off', 'instant', 'daily'))
);

create trigger notification_settings_set_updated_at before update on public.notification_settings
  for each row execute function public.set_updated_at();

alter table public.notification_settings enable row level security;

create policy notification_settings_owner on public.notification_settings
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on public.notification_settings from anon, authenticated, public;
grant select, insert, update, delete on public.notification_settings to authenticated;
grant all on public.notification_settings to service_role;

create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  sender_id uuid references auth.users (id) on delete cascade,
  shared_link_id uuid references public.shared_links (id) on delete cascade,
  -- The folder_members row of a folder invitation (that table has its own migration).
  folder_member_id uuid,
  status text not null default 'pending',
  -- How it went: 'instant' (its own e-mail) or 'digest' (listed in one).
  sent_via text,
  -- Over the hourly limit of instant e-mails: waits for the next digest.
  rolled_over boolean not null default false,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint notification_outbox_kind_values check (kind in ('share', 'folder_invite')),
  constraint notification_outbox_status_values check (status in ('pending', 'sending', 'sent', 'skipped')),
  constraint notification_outbox_sent_via_values check (sent_via is null or sent_via in ('instant', 'digest'))
);

create index notification_outbox_pending_idx on public.notification_outbox (user_id, created_at) where status = 'pending';
create index notification_outbox_instant_sent_idx on public.notification_outbox (user_id, sent_at) where sent_via = 'instant';
create unique index notification_outbox_one_per_share on public.notification_outbox (shared_link_id) where shared_link_id is not null;
create index notification_outbox_sender_idx on public.notification_outbox (sender_id);

alter table public.notification_outbox enable row level security;
revoke all on public.notification_outbox from anon, authenticated, public;
grant all on public.notification_outbox to service_role;

-- Whether a share by `sender` should e-mail `recipient` at all: never a suppressed share's
-- (a blocked sender, an account that refuses shares), never to oneself, never when turned off.
create function public.notification_share_wanted(recipient uuid, sender uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select recipient is not null
     and recipient <> sender
     and not public._sender_blocked_by(recipient, sender)
     and not public.account_refuses_shares(recipient)
     and coalesce((select s.share_email from public.notification_settings s where s.user_id = recipient), 'instant') <> 'off'
$$;
revoke execute on function public.notification_share_wanted(uuid, uuid) from public, anon, authenticated;
grant execute on function public.notification_share_wanted(uuid, uuid) to service_role;

-- A share reaching an account, however it is inserted (share-link, REST, an import) or later
-- claimed at sign-up. A share with an e-mail address is e-mailed by share-link itself (the
-- sender's message), so only shares without one queue a notification.
create function public.queue_share_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.recipient_user_id is null or new.recipient_email is not null then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.recipient_user_id is not distinct from new.recipient_user_id then
    return null;
  end if;
  if exists (select 1 from public.suppressed_shares x where x.shared_link_id = new.id)
     or not public.notification_share_wanted(new.recipient_user_id, new.sender_id) then
    return null;
  end if;
  insert into public.notification_outbox (user_id, kind, sender_id, shared_link_id)
  values (new.recipient_user_id, 'share', new.sender_id, new.id)
  on conflict (shared_link_id) where shared_link_id is not null do nothing;
  return null;
end
$$;
revoke execute on function public.queue_share_notification() from public, anon, authenticated;
grant execute on function public.queue_share_notification() to service_role;

-- 'zz': after the suppression triggers (AFTER triggers fire in name order), so their rows are seen.
create trigger shared_links_zz_queue_notification after insert on public.shared_links
  for each row execute function public.queue_share_notification();
create trigger shared_links_zz_queue_notification_claimed after update of recipient_user_id on public.shared_links
  for each row execute function public.queue_share_notification();

-- A suppression recorded later (the share claimed by a blocker) withdraws a waiting notification.
create function public.withdraw_suppressed_notification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notification_outbox o set status = 'skipped'
   where o.shared_link_id = new.shared_link_id and o.status = 'pending';
  return null;
end
$$;
revoke execute on function public.withdraw_suppressed_notification() from public, anon, authenticated;
grant execute on function public.withdraw_suppressed_notification() to service_role;

create trigger suppressed_shares_withdraw_notification after insert on public.suppressed_shares
  for each row execute function public.withdraw_suppressed_notification();
