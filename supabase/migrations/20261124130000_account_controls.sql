-- Account controls of /settings/privacy (issue 13). The spec's "disable sharing/receiving" and
-- "deactivate account" toggles were local-only; here the server enforces them:
--   sharing_disabled: shares addressed to the user are suppressed exactly like a blocked sender's
--     (recorded for the sender, never delivered or e-mailed, so the sender cannot tell), and the
--     user's own share inserts are refused.
--   deactivated_at (not null = deactivated): the same, and the public page is unavailable
--     (get_public_page_by_slug must return nothing for a deactivated owner; see README).
-- Both live on user_privacy_settings (owner-only RLS already), so the owner toggles them with a
-- plain update and can reactivate at any time.

alter table public.user_privacy_settings
  add column if not exists sharing_disabled boolean not null default false,
  add column if not exists deactivated_at timestamptz;

-- The account does not take shares: sharing turned off, or deactivated.
create or replace function public.account_refuses_shares(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select check_user_id is not null and exists (
    select 1 from public.user_privacy_settings s
     where s.user_id = check_user_id
       and (s.sharing_disabled or s.deactivated_at is not null)
  )
$$;

-- The account is deactivated (for get_public_page_by_slug and anything else that shows the user).
create or replace function public.account_deactivated(check_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select check_user_id is not null and exists (
    select 1 from public.user_privacy_settings s where s.user_id = check_user_id and s.deactivated_at is not null
  )
$$;

revoke execute on function public.account_refuses_shares(uuid), public.account_deactivated(uuid) from public, anon, authenticated;
grant execute on function public.account_refuses_shares(uuid), public.account_deactivated(uuid) to service_role;

-- A sender whose sharing is off (or who is deactivated) cannot share. Runs for every insert path;
-- hint 'sharing_disabled' lets the share-link function answer with a clear 403.
create or replace function public.refuse_share_from_disabled_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.account_refuses_shares(new.sender_id) then
    raise exception 'Sharing is turned off in your privacy settings.'
      using errcode = '42501', hint = 'sharing_disabled';
  end if;
  return new;
end
$$;

create trigger shared_links_refuse_disabled_sender
  before insert on public.shared_links
  for each row execute function public.refuse_share_from_disabled_sender();

-- After insert (like the blocked-sender mark): a share to an account that refuses shares is
-- suppressed. Nothing the sender can read changes.
create or replace function public.suppress_share_to_refusing_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if public.account_refuses_shares(new.recipient_user_id) then
    insert into public.suppressed_shares (shared_link_id) values (new.id) on conflict (shared_link_id) do nothing;
  end if;
  return new;
end
$$;

create trigger shared_links_suppress_refusing_recipient
  after insert on public.shared_links
  for each row execute function public.suppress_share_to_refusing_account();

revoke execute on function public.refuse_share_from_disabled_sender(), public.suppress_share_to_refusing_account() from public, anon, authenticated;

-- Account deletion (delete-account function): every stored object of the user, so the function
-- can remove them through the Storage API (which deletes the bytes too). Users write only under
-- {user_id}/ (admins also under templates/ and settings/, which are shared and stay). Service role only.
create or replace function public.account_storage_objects(target_user_id uuid)
returns table (bucket_id text, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.bucket_id, o.name
    from storage.objects o
   where (storage.foldername(o.name))[1] = target_user_id::text
$$;

revoke execute on function public.account_storage_objects(uuid) from public, anon, authenticated;
grant execute on function public.account_storage_objects(uuid) to service_role;
