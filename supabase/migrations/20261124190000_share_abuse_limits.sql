-- Issue 19, sharing abuse. Every insert path into shared_links (the share-link function with the
-- service role, or a client's POST through REST) goes through the same before-insert trigger:
--   * the server-set columns (status, accepted_at, shared_at, moved_to_category_id,
--     recipient_user_id) are the server's whatever the client sends;
--   * one real e-mail address (no list), a username that belongs to an account (a share is not
--     held for whoever takes the name later);
--   * per-sender rate limits (shared/rules/share-limits.ts holds the same numbers):
--     20 shares a minute and 300 a day; of those, 5 a minute and 50 a day to e-mail addresses
--     without an account (once used up, no share by e-mail passes, so the answer never tells
--     whether an address has an account). Over the limit: SQLSTATE PT429, HTTP 429 in PostgREST.
-- The sender cannot read recipient_user_id (it told whether an e-mail has an account, and its id).
-- A block by username follows the account it named when it was made (renaming escapes nothing).

-- ---------------------------------------------------------------------------------------------
-- Rate-limit log: one row per share, kept a day. Withdrawing a share does not give its slot back.

create table public.share_send_log (
  id bigint generated always as identity primary key,
  sender_id uuid not null references auth.users (id) on delete cascade,
  sent_at timestamptz not null default now(),
  to_stranger boolean not null default false
);
create index share_send_log_sender_idx on public.share_send_log (sender_id, sent_at desc);
alter table public.share_send_log enable row level security;
revoke all on public.share_send_log from public, anon, authenticated;
grant all on public.share_send_log to service_role;

-- One address as the share-link schema accepts it (shared/rules/share-limits.ts isSingleEmailAddress).
create or replace function public._is_single_email(address text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select address is not null
     and char_length(address) <= 254
     and char_length(split_part(address, '@', 1)) between 1 and 64
     and address !~ '^\.'
     and address !~ '\.\.'
     and address ~ '^[A-Za-z0-9_''+.-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
$$;

create or replace function public.prepare_shared_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  link_owner uuid;
  resolved uuid;
  per_minute integer;
  per_day integer;
  strangers_minute integer;
  strangers_day integer;
  to_stranger boolean;
begin
  new.recipient_email := nullif(lower(btrim(new.recipient_email)), '');
  new.recipient_username := nullif(btrim(new.recipient_username), '');
  new.recipient_phone := nullif(btrim(new.recipient_phone), '');
  new.social_handle := nullif(btrim(new.social_handle), '');
  -- The recipient's side of a new share is the server's: pending, now, in no folder.
  new.status := 'pending';
  new.accepted_at := null;
  new.shared_at := now();
  new.moved_to_category_id := null;

  select l.user_id into link_owner from public.links l where l.id = new.link_id;
  if link_owner is null or link_owner <> new.sender_id then
    raise exception 'You can only share your own links.' using errcode = '42501';
  end if;

  if new.recipient_email is not null and not public._is_single_email(new.recipient_email) then
    raise exception 'Please enter one valid email address' using errcode = '22023';
  end if;

  -- Resolve the recipient account. The service role may pass an id it resolved itself;
  -- anyone else gets it resolved here, so a client cannot aim a share at an arbitrary account.
  if new.recipient_user_id is null or coalesce(auth.role(), '') <> 'service_role' then
    resolved := null;
    if new.recipient_username is not null then
      select p.user_id into resolved from public.profiles p where lower(p.username) = lower(new.recipient_username);
      if resolved is null then
        raise exception 'No user has the username @%.', new.recipient_username using errcode = 'PT404';
      end if;
    end if;
    if resolved is null and new.recipient_email is not null then
      select p.user_id into resolved from public.profiles p where lower(p.email) = new.recipient_email;
    end if;
    new.recipient_user_id := resolved;
  end if;

  -- Rate limits, counted per sender under a lock so parallel requests cannot all pass the count.
  to_stranger := new.recipient_email is not null and new.recipient_user_id is null;
  perform pg_advisory_xact_lock(hashtextextended('share_send_log:' || new.sender_id::text, 0));
  delete from public.share_send_log g where g.sender_id = new.sender_id and g.sent_at < now() - interval '1 day';
  select count(*) filter (where g.sent_at > now() - interval '1 minute'),
         count(*),
         count(*) filter (where g.to_stranger and g.sent_at > now() - interval '1 minute'),
         count(*) filter (where g.to_stranger)
    into per_minute, per_day, strangers_minute, strangers_day
    from public.share_send_log g
   where g.sender_id = new.sender_id;
  -- Once the stranger quota is used, every share by e-mail waits, account or not: otherwise the
  -- answer would tell whether an address has an account.
  if per_minute >= 20 or per_day >= 300 or (new.recipient_email is not null and (strangers_minute >= 5 or strangers_day >= 50)) then
    raise exception 'You are sharing too fast. Please wait a little and try again.'
      using errcode = 'PT429', hint = 'rate_limited';
  end if;
  insert into public.share_send_log (sender_id, to_stranger) values (new.sender_id, to_stranger);
  return new;
end
$$;

-- The limits as numbers, for the test that checks them against shared/rules/share-limits.ts.
create or replace function public._share_limits()
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('perMinute', 20, 'perDay', 300, 'strangerEmailsPerMinute', 5, 'strangerEmailsPerDay', 50)
$$;
revoke execute on function public._share_limits(), public._is_single_email(text) from public, anon, authenticated;
grant execute on function public._share_limits(), public._is_single_email(text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- recipient_user_id is the server's: no client reads it (the sender would learn whether an
-- address has an account; the recipient reaches their shares through RLS and the RPCs).

revoke select on public.shared_links from authenticated;
grant select (id, sender_id, link_id, shared_at, recipient_email, recipient_phone, recipient_username,
  social_platform, social_handle, message, status, accepted_at, moved_to_category_id)
  on public.shared_links to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Blocks by username follow the account the name belonged to when the block was made.

create table public.blocked_sender_accounts (
  block_id uuid primary key references public.blocked_senders (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade
);
create index blocked_sender_accounts_user_idx on public.blocked_sender_accounts (user_id);
alter table public.blocked_sender_accounts enable row level security;
revoke all on public.blocked_sender_accounts from public, anon, authenticated;
grant all on public.blocked_sender_accounts to service_role;

create or replace function public.bind_blocked_username()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  delete from public.blocked_sender_accounts a where a.block_id = new.id;
  if new.blocked_username is not null then
    select p.user_id into target from public.profiles p where lower(p.username) = lower(new.blocked_username);
    if target is not null then
      insert into public.blocked_sender_accounts (block_id, user_id) values (new.id, target);
    end if;
  end if;
  return new;
end
$$;

create trigger blocked_senders_bind_account
  after insert or update of blocked_username on public.blocked_senders
  for each row execute function public.bind_blocked_username();

insert into public.blocked_sender_accounts (block_id, user_id)
select b.id, p.user_id
  from public.blocked_senders b
  join public.profiles p on lower(p.username) = lower(b.blocked_username)
 where b.blocked_username is not null
on conflict (block_id) do nothing;

-- A username block bound to an account matches that account under any later name; one made
-- before the name had an account matches whoever holds the name.
create or replace function public._sender_blocked_by(recipient uuid, sender uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select recipient is not null and sender is not null and exists (
    select 1
      from public.blocked_senders b
      join public.profiles p on p.user_id = sender
      left join public.blocked_sender_accounts a on a.block_id = b.id
     where b.blocked_by = recipient
       and (
         (a.user_id is not null and a.user_id = sender)
         or (b.blocked_username is not null and a.user_id is null and lower(b.blocked_username) = lower(p.username))
         or (b.blocked_email is not null and b.blocked_email = lower(p.email))
         or (b.blocked_phone is not null and b.blocked_phone = regexp_replace(coalesce(p.phone, ''), '[^0-9]', '', 'g'))
       )
  )
$$;

revoke execute on function public.bind_blocked_username() from public, anon, authenticated;
