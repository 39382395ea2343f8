-- No e-mail -> account lookup through the allowed members of an exclusive page. Before, add_page_member
-- with an e-mail address answered 200 or 404 (whether the address has an account) and
-- list_page_members then showed that person's id, username and name.
--
-- Now:
--   * By username (public already: it is the page and share name) a member is added at once; 404 for
--     a username nobody has, as before.
--   * By e-mail it is an invitation: a row with the address typed and no member yet. The answer is the
--     same for every well-formed address; nothing is looked up. The invitee sees it in their studio
--     (list_page_invitations, matched on their confirmed e-mail) and accepts or declines it
--     (respond_page_invitation); only then is the row bound to their account.
--   * list_page_members shows only what a member agreed to show: pending invitations the e-mail
--     typed, members their username; never an id or a name.
--   * Rows are written only by these functions (no direct insert): a direct insert could bind any
--     known account id and read its username back.

alter table public.public_page_members alter column member_user_id drop not null;
alter table public.public_page_members add column invited_email text;
alter table public.public_page_members add column accepted_at timestamptz;
alter table public.public_page_members
  add constraint public_page_members_member_or_invite check (member_user_id is not null or invited_email is not null),
  add constraint public_page_members_invited_email_format check (
    invited_email is null or (invited_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(invited_email) <= 254 and invited_email = lower(invited_email))
  );
create unique index public_page_members_pending_invite_key on public.public_page_members (owner_id, invited_email)
  where member_user_id is null;
create index public_page_members_invited_email_idx on public.public_page_members (invited_email) where member_user_id is null;

drop policy if exists public_page_members_insert_owner on public.public_page_members;
revoke insert, update on public.public_page_members from authenticated;

create or replace function public.page_invitations_max()
returns integer
language sql
immutable
set search_path = ''
as $$ select 200 $$;

create or replace function public.add_page_member(member_username text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_name text := lower(btrim(coalesce(add_page_member.member_username, '')));
  v_member uuid;
  v_own_email text;
  v_id uuid;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_name := regexp_replace(v_name, '^@', '');
  if position('@' in v_name) > 0 then
    if v_name !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_name) > 254 then
      raise exception 'Enter a valid e-mail address.' using errcode = '22023';
    end if;
    select lower(u.email) into v_own_email from auth.users u where u.id = v_uid;
    if v_name = v_own_email then
      raise exception 'You always see your own page.' using errcode = '22023';
    end if;
    select m.id into v_id from public.public_page_members m
     where m.owner_id = v_uid and m.member_user_id is null and m.invited_email = v_name;
    if v_id is not null then
      return v_id;
    end if;
    if (select count(*) from public.public_page_members m where m.owner_id = v_uid and m.member_user_id is null)
       >= public.page_invitations_max() then
      raise exception 'You have % pending invitations. Remove some before inviting more.', public.page_invitations_max()
        using errcode = '22023';
    end if;
    insert into public.public_page_members (owner_id, invited_email) values (v_uid, v_name)
    on conflict do nothing
    returning id into v_id;
    if v_id is null then
      select m.id into v_id from public.public_page_members m
       where m.owner_id = v_uid and m.member_user_id is null and m.invited_email = v_name;
    end if;
    return v_id;
  end if;

  select p.user_id into v_member from public.profiles p where lower(p.username) = v_name;
  if v_member is null then
    raise exception 'User not found.' using errcode = 'PT404';
  end if;
  if v_member = v_uid then
    raise exception 'You always see your own page.' using errcode = '22023';
  end if;
  insert into public.public_page_members (owner_id, member_user_id, accepted_at) values (v_uid, v_member, now())
  on conflict (owner_id, member_user_id) do nothing;
  select m.id into v_id from public.public_page_members m where m.owner_id = v_uid and m.member_user_id = v_member;
  return v_id;
end
$$;

drop function if exists public.list_page_members();

-- The owner's list: members by username, pending invitations by the e-mail typed.
create function public.list_page_members()
returns table (id uuid, status text, username text, invited_email text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id,
         case when m.member_user_id is null then 'invited' else 'member' end,
         case when m.member_user_id is not null then p.username end,
         m.invited_email,
         m.created_at
    from public.public_page_members m
    left join public.profiles p on p.user_id = m.member_user_id
   where m.owner_id = auth.uid()
   order by m.created_at desc, m.id
$$;

-- The invitee's list: pending invitations to the caller's confirmed e-mail, with the inviting page's
-- public names (the owner chose to invite them).
create or replace function public.list_page_invitations()
returns table (id uuid, owner_username text, page_slug text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, p.username, coalesce(p.public_page_slug, p.username), m.created_at
    from public.public_page_members m
    join auth.users u on u.id = auth.uid() and u.email_confirmed_at is not null
    left join public.profiles p on p.user_id = m.owner_id
   where m.member_user_id is null
     and m.invited_email = lower(u.email)
     and m.owner_id <> u.id
   order by m.created_at desc, m.id
   limit 100
$$;

-- Accepts (the invitation becomes a membership bound to the caller) or declines (it is removed) an
-- invitation to the caller's confirmed e-mail. 404 when there is no such invitation.
create or replace function public.respond_page_invitation(invitation_id uuid, accept boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_row public.public_page_members%rowtype;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid and u.email_confirmed_at is not null;
  select * into v_row from public.public_page_members m
   where m.id = respond_page_invitation.invitation_id and m.member_user_id is null and m.invited_email = v_email
   for update;
  if not found or v_email is null or v_row.owner_id = v_uid then
    raise exception 'Invitation not found.' using errcode = 'PT404';
  end if;
  if not coalesce(respond_page_invitation.accept, false) then
    delete from public.public_page_members m where m.id = v_row.id;
    return false;
  end if;
  if exists (select 1 from public.public_page_members m where m.owner_id = v_row.owner_id and m.member_user_id = v_uid) then
    delete from public.public_page_members m where m.id = v_row.id;
  else
    update public.public_page_members m set member_user_id = v_uid, accepted_at = now() where m.id = v_row.id;
  end if;
  return true;
end
$$;

revoke execute on function public.add_page_member(text), public.list_page_members(), public.list_page_invitations(),
  public.respond_page_invitation(uuid, boolean), public.page_invitations_max() from public, anon;
grant execute on function public.add_page_member(text), public.list_page_members(), public.list_page_invitations(),
  public.respond_page_invitation(uuid, boolean), public.page_invitations_max() to authenticated, service_role;
