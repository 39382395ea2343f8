-- Triggers: account set-up on sign-up (auth.users insert), profiles.email kept in sync with
-- auth.users.email, password history, username change history, and the server-side rules of a
-- share (recipient resolution, blocked senders, sender owns the link, share_count).
-- All trigger functions are security definer with an empty search_path; none is callable by clients.

-- ---------------------------------------------------------------------------------------------
-- Blocked senders. A share from a sender the recipient blocked is recorded like any other (the
-- sender learns nothing) but marked in public.suppressed_shares, so it is never delivered.

-- The recipient account has blocked this sender by username, e-mail or phone.
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
     where b.blocked_by = recipient
       and (
         (b.blocked_username is not null and lower(b.blocked_username) = lower(p.username))
         or (b.blocked_email is not null and b.blocked_email = lower(p.email))
         or (b.blocked_phone is not null and b.blocked_phone = regexp_replace(coalesce(p.phone, ''), '[^0-9]', '', 'g'))
       )
  )
$$;

-- Shares sent to an e-mail address before an account had it now belong to that account; the
-- ones from senders that account has blocked are suppressed. A link already shared with the
-- account by another route stays unclaimed (one share of a link per recipient).
create or replace function public._claim_email_shares(target_user uuid, target_email text)
returns void
language sql
security definer
set search_path = ''
as $$
  with claimed as (
    update public.shared_links s
       set recipient_user_id = target_user
     where s.recipient_user_id is null
       and target_email is not null
       and lower(s.recipient_email) = lower(target_email)
       and not exists (
         select 1 from public.shared_links o where o.link_id = s.link_id and o.recipient_user_id = target_user
       )
    returning s.id, s.sender_id
  )
  insert into public.suppressed_shares (shared_link_id)
  select c.id from claimed c where public._sender_blocked_by(target_user, c.sender_id)
  on conflict (shared_link_id) do nothing
$$;

-- ---------------------------------------------------------------------------------------------
-- Sign-up: profile, the four system folders, privacy and appearance defaults.

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  incoming_id uuid;
begin
  insert into public.profiles (user_id, first_name, last_name, email)
  values (
    new.id,
    nullif(btrim(meta ->> 'first_name'), ''),
    nullif(btrim(meta ->> 'last_name'), ''),
    lower(new.email)
  )
  on conflict (user_id) do nothing;

  insert into public.categories (user_id, name, is_default, system_key, display_order)
  values (new.id, 'Recently Saved Links', true, 'saved', 0)
  on conflict do nothing;

  insert into public.categories (user_id, name, is_default, system_key, display_order)
  values (new.id, 'Recently Received Links (Incoming)', true, 'incoming', 1)
  on conflict do nothing
  returning id into incoming_id;

  if incoming_id is not null then
    insert into public.categories (user_id, name, is_default, system_key, parent_category_id, display_order)
    values (new.id, 'APPROVED', true, 'approved', incoming_id, 0),
           (new.id, 'REJECTED', true, 'rejected', incoming_id, 1)
    on conflict do nothing;
  end if;

  insert into public.user_privacy_settings (user_id, public_page_published, public_page_visibility)
  values (new.id, false, 'private')
  on conflict (user_id) do nothing;

  insert into public.user_appearance_settings (user_id, theme, accent_hsl, density)
  values (new.id, 'dark', '222.2 47.4% 11.2%', 'comfortable')
  on conflict (user_id) do nothing;

  -- Shares sent to this e-mail before the account existed now belong to it.
  perform public._claim_email_shares(new.id, new.email);
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- profiles.email follows the verified address in auth.users (clients cannot write it).
create or replace function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles p set email = lower(new.email) where p.user_id = new.id;
  perform public._claim_email_shares(new.id, new.email);
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();

-- ---------------------------------------------------------------------------------------------
-- Password history: every hash auth.users ever held, latest 5 kept.

create or replace function public.record_password_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.encrypted_password is null or new.encrypted_password = '' then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.encrypted_password is not distinct from old.encrypted_password then
    return new;
  end if;
  insert into public.password_history (user_id, password_hash) values (new.id, new.encrypted_password);
  delete from public.password_history h
   where h.user_id = new.id
     and h.id not in (
       select k.id from public.password_history k
        where k.user_id = new.id
        order by k.created_at desc, k.id desc
        limit 5
     );
  return new;
end
$$;

create trigger on_auth_user_password_insert
  after insert on auth.users
  for each row execute function public.record_password_history();
create trigger on_auth_user_password_update
  after update of encrypted_password on auth.users
  for each row execute function public.record_password_history();

-- ---------------------------------------------------------------------------------------------
-- Username changes are recorded (the name-email page shows the last change).

create or replace function public.record_username_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.username is distinct from new.username then
    insert into public.username_change_history (user_id, old_username, new_username)
    values (new.user_id, old.username, new.username);
  end if;
  return new;
end
$$;

create trigger profiles_record_username_change
  after update of username on public.profiles
  for each row execute function public.record_username_change();

-- ---------------------------------------------------------------------------------------------
-- Shares: the server decides who the recipient is and only lets a sender share their own link;
-- a share from a blocked sender is recorded but suppressed (never delivered, see above).
-- Runs for every insert path (client, edge function, RPC).

create or replace function public.prepare_shared_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  link_owner uuid;
  resolved uuid;
begin
  new.recipient_email := nullif(lower(btrim(new.recipient_email)), '');
  new.recipient_username := nullif(btrim(new.recipient_username), '');
  new.recipient_phone := nullif(btrim(new.recipient_phone), '');
  new.social_handle := nullif(btrim(new.social_handle), '');
  new.status := coalesce(new.status, 'pending');

  select l.user_id into link_owner from public.links l where l.id = new.link_id;
  if link_owner is null or link_owner <> new.sender_id then
    raise exception 'You can only share your own links.' using errcode = '42501';
  end if;

  -- Resolve the recipient account. The service role may pass an id it resolved itself;
  -- anyone else gets it resolved here, so a client cannot aim a share at an arbitrary account.
  if new.recipient_user_id is null or coalesce(auth.role(), '') <> 'service_role' then
    resolved := null;
    if new.recipient_username is not null then
      select p.user_id into resolved from public.profiles p where lower(p.username) = lower(new.recipient_username);
    end if;
    if resolved is null and new.recipient_email is not null then
      select p.user_id into resolved from public.profiles p where lower(p.email) = new.recipient_email;
    end if;
    new.recipient_user_id := resolved;
  end if;
  return new;
end
$$;

create trigger shared_links_prepare
  before insert on public.shared_links
  for each row execute function public.prepare_shared_link();

create or replace function public.count_link_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.links l set share_count = l.share_count + 1 where l.id = new.link_id;
  return new;
end
$$;

create trigger shared_links_count_share
  after insert on public.shared_links
  for each row execute function public.count_link_share();

-- After the row exists (so a refused or conflicting insert leaves no mark behind): a share
-- from a sender the recipient blocked is marked suppressed. Nothing the sender can read changes.
create or replace function public.suppress_blocked_share()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public._sender_blocked_by(new.recipient_user_id, new.sender_id) then
    insert into public.suppressed_shares (shared_link_id) values (new.id) on conflict (shared_link_id) do nothing;
  end if;
  return new;
end
$$;

create trigger shared_links_suppress_blocked
  after insert on public.shared_links
  for each row execute function public.suppress_blocked_share();

-- ---------------------------------------------------------------------------------------------
-- blocked_senders are stored normalised: e-mail lower-case, phone digits only, username trimmed.

create or replace function public.normalise_blocked_sender()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.blocked_username := nullif(btrim(new.blocked_username), '');
  new.blocked_email := nullif(lower(btrim(new.blocked_email)), '');
  new.blocked_phone := nullif(regexp_replace(coalesce(new.blocked_phone, ''), '[^0-9]', '', 'g'), '');
  return new;
end
$$;

create trigger blocked_senders_normalise
  before insert or update on public.blocked_senders
  for each row execute function public.normalise_blocked_sender();

-- ---------------------------------------------------------------------------------------------
-- E-mail change codes: at most 3 per user per hour.

create or replace function public.limit_email_change_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.new_email := lower(btrim(new.new_email));
  if (select count(*) from public.email_change_requests r
       where r.user_id = new.user_id and r.created_at > now() - interval '1 hour') >= 3 then
    raise exception 'Too many verification codes requested. Please try again later.' using errcode = 'P0001', hint = 'rate_limited';
  end if;
  return new;
end
$$;

create trigger email_change_requests_limit
  before insert on public.email_change_requests
  for each row execute function public.limit_email_change_requests();
