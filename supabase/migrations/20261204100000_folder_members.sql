-- Shared folders: a folder's owner invites people as viewers or editors.
--
--   * folder_members rows are written only by the RPCs below (invite, respond, set role); a direct
--     insert could bind any known account id and read its username back. Deletes go through RLS:
--     the owner removes anyone, a member removes themself (leave, decline).
--   * By username the invitee is bound at once but pending (accepted_at null) until they accept; by
--     e-mail the row holds the address typed and nothing is looked up: the answer is the same for any
--     well-formed address, and only the account whose confirmed e-mail matches sees and accepts it.
--   * An invitee who blocked the owner (blocked_senders), turned sharing off or is deactivated gets a
--     suppressed row: the owner sees it pending like any other, the invitee never sees it.
--   * Access follows the tree: an accepted membership of a folder reaches its subfolders.
--     private.folder_role walks up from a folder and is asked on every statement (no caching), so a
--     removed member loses access at once.
--   * Links and subfolders a member adds belong to the folder's owner (user_id = the owner): the owner's
--     counts, quota, search and export include them, as a collection in Raindrop keeps what its
--     collaborators add.

create table public.folder_members (
  id uuid primary key default gen_random_uuid(),
  folder_id uuid not null references public.categories (id) on delete cascade,
  owner_id uuid not null references auth.users (id) on delete cascade,
  member_user_id uuid references auth.users (id) on delete cascade,
  invited_email text,
  role text not null default 'viewer',
  invited_by uuid references auth.users (id) on delete set null,
  suppressed boolean not null default false,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  constraint folder_members_role_values check (role in ('viewer', 'editor')),
  constraint folder_members_member_or_invite check (member_user_id is not null or invited_email is not null),
  constraint folder_members_not_owner check (member_user_id is distinct from owner_id),
  constraint folder_members_invited_email_format check (
    invited_email is null or (invited_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(invited_email) <= 254 and invited_email = lower(invited_email))
  ),
  constraint folder_members_accepted_bound check (accepted_at is null or member_user_id is not null)
);
create unique index folder_members_folder_member_key on public.folder_members (folder_id, member_user_id) where member_user_id is not null;
create unique index folder_members_folder_email_key on public.folder_members (folder_id, invited_email) where member_user_id is null;
create index folder_members_member_idx on public.folder_members (member_user_id, folder_id);
create index folder_members_folder_idx on public.folder_members (folder_id);
create index folder_members_owner_idx on public.folder_members (owner_id, created_at desc);
create index folder_members_invited_email_idx on public.folder_members (invited_email) where member_user_id is null;

alter table public.folder_members enable row level security;
revoke all on public.folder_members from anon, authenticated;
grant select, delete on public.folder_members to authenticated;
grant all on public.folder_members to service_role;

create policy folder_members_select on public.folder_members
  for select to authenticated
  using (owner_id = (select auth.uid()) or (member_user_id = (select auth.uid()) and not suppressed));
create policy folder_members_delete on public.folder_members
  for delete to authenticated
  using (owner_id = (select auth.uid()) or (member_user_id = (select auth.uid()) and not suppressed));

-- The caller's role in a folder ('editor' beats 'viewer'), from an accepted membership of the folder or
-- of one of its parents; null for everyone else. Someone with no membership at all leaves at the
-- first index probe, so the policies below cost nothing for them.
create or replace function private.folder_role(p_category_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with recursive me as (
    select auth.uid() as uid
  ), up(id, parent, depth) as (
    select c.id, c.parent_category_id, 0
      from public.categories c, me
     where c.id = p_category_id and me.uid is not null and not c.is_template
       and exists (select 1 from public.folder_members m where m.member_user_id = me.uid and m.accepted_at is not null)
    union all
    select c.id, c.parent_category_id, up.depth + 1
      from public.categories c join up on c.id = up.parent
     where up.depth < 10000
  )
  select min(m.role)
    from up join public.folder_members m on m.folder_id = up.id, me
   where m.member_user_id = me.uid and m.accepted_at is not null
$$;

create or replace function private.folder_owner(p_category_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.user_id from public.categories c where c.id = p_category_id and not c.is_template
$$;

revoke execute on function private.folder_role(uuid), private.folder_owner(uuid) from public, anon;
grant execute on function private.folder_role(uuid), private.folder_owner(uuid) to authenticated, service_role;

-- Members read the shared folder and its subfolders; editors create and rename subfolders in it
-- (rows stay the owner's). The owner's own rows never reach the function (user_id <> caller first).
create policy categories_select_shared on public.categories
  for select to authenticated
  using (user_id <> (select auth.uid()) and not is_template and private.folder_role(id) is not null);
create policy categories_insert_shared on public.categories
  for insert to authenticated
  with check (
    parent_category_id is not null and not is_template and not is_default and system_key is null
    and user_id <> (select auth.uid())
    and private.folder_role(parent_category_id) = 'editor'
    and user_id = private.folder_owner(parent_category_id)
  );
create policy categories_update_shared on public.categories
  for update to authenticated
  using (
    user_id <> (select auth.uid()) and parent_category_id is not null and not is_template and not is_default
    and system_key is null and private.folder_role(parent_category_id) = 'editor'
  )
  with check (
    parent_category_id is not null and not is_template and not is_default and system_key is null
    and user_id <> (select auth.uid())
    and private.folder_role(parent_category_id) = 'editor'
    and user_id = private.folder_owner(parent_category_id)
  );

-- Members read the links filed in the shared tree; editors add, edit, move (within the tree) and
-- delete them. A link keeps the owner as its user_id.
create policy links_select_shared on public.links
  for select to authenticated
  using (user_id <> (select auth.uid()) and not is_template and category_id is not null and private.folder_role(category_id) is not null);
create policy links_insert_shared on public.links
  for insert to authenticated
  with check (
    not is_template and category_id is not null and second_category_id is null
    and user_id <> (select auth.uid())
    and private.folder_role(category_id) = 'editor'
    and user_id = private.folder_owner(category_id)
  );
create policy links_update_shared on public.links
  for update to authenticated
  using (user_id <> (select auth.uid()) and not is_template and category_id is not null and private.folder_role(category_id) = 'editor')
  with check (
    not is_template and category_id is not null
    and user_id <> (select auth.uid())
    and private.folder_role(category_id) = 'editor'
    and user_id = private.folder_owner(category_id)
    and (second_category_id is null or private.folder_owner(second_category_id) = user_id)
  );
create policy links_delete_shared on public.links
  for delete to authenticated
  using (user_id <> (select auth.uid()) and not is_template and category_id is not null and private.folder_role(category_id) = 'editor');

-- A display name for an account the caller shares a folder with: the visible name, else @username.
create or replace function private.member_label(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    case when p.name_visible then nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') end,
    '@' || p.username,
    'Unknown User'
  )
    from public.profiles p where p.user_id = p_user_id
$$;
revoke execute on function private.member_label(uuid) from public, anon;
grant execute on function private.member_label(uuid) to authenticated, service_role;

create or replace function public.folder_invitations_max()
returns integer
language sql
immutable
set search_path = ''
as $$ select 200 $$;

-- Invites a username (pending until they accept) or an e-mail address (an invitation for whoever
-- confirms that address) to a folder of the caller's. Same answer for every well-formed address.
create or replace function public.invite_folder_member(p_folder_id uuid, p_recipient text, p_role text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_to text := lower(btrim(coalesce(p_recipient, '')));
  v_folder public.categories%rowtype;
  v_member uuid;
  v_own_email text;
  v_id uuid;
  v_suppressed boolean;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('viewer', 'editor') then
    raise exception 'Choose viewer or editor.' using errcode = '22023';
  end if;
  select * into v_folder from public.categories c where c.id = p_folder_id and c.user_id = v_uid and not c.is_template;
  if not found then
    raise exception 'Folder not found.' using errcode = 'PT404';
  end if;
  if v_folder.system_key is not null or v_folder.is_default then
    raise exception 'This folder cannot be shared.' using errcode = '22023';
  end if;
  v_to := regexp_replace(v_to, '^@', '');
  if v_to = '' then
    raise exception 'Enter a username or an e-mail address.' using errcode = '22023';
  end if;
  if (select count(*) from public.folder_members m where m.owner_id = v_uid and m.accepted_at is null)
     >= public.folder_invitations_max() then
    raise exception 'You have % pending invitations. Remove some before inviting more.', public.folder_invitations_max()
      using errcode = '22023';
  end if;

  if position('@' in v_to) > 0 then
    if v_to !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_to) > 254 then
      raise exception 'Enter a valid e-mail address.' using errcode = '22023';
    end if;
    select lower(u.email) into v_own_email from auth.users u where u.id = v_uid;
    if v_to = v_own_email then
      raise exception 'This is your own folder.' using errcode = '22023';
    end if;
    insert into public.folder_members (folder_id, owner_id, invited_email, role, invited_by)
    values (p_folder_id, v_uid, v_to, p_role, v_uid)
    on conflict (folder_id, invited_email) where member_user_id is null do update set role = excluded.role
    returning id into v_id;
    return v_id;
  end if;

  select p.user_id into v_member from public.profiles p where lower(p.username) = v_to;
  if v_member is null then
    raise exception 'User not found.' using errcode = 'PT404';
  end if;
  if v_member = v_uid then
    raise exception 'This is your own folder.' using errcode = '22023';
  end if;
  select m.id into v_id from public.folder_members m where m.folder_id = p_folder_id and m.member_user_id = v_member;
  if v_id is not null then
    return v_id;
  end if;
  -- Never delivered to someone who blocked the owner or switched sharing off; the owner sees it pending.
  v_suppressed := public._sender_blocked_by(v_member, v_uid) or exists (
    select 1 from public.user_privacy_settings s
     where s.user_id = v_member and (s.sharing_disabled or s.deactivated_at is not null)
  );
  insert into public.folder_members (folder_id, owner_id, member_user_id, role, invited_by, suppressed)
  values (p_folder_id, v_uid, v_member, p_role, v_uid, v_suppressed)
  returning id into v_id;
  return v_id;
end
$$;

-- The owner's list: members and username invitations by username, e-mail invitations by the address typed.
create or replace function public.list_folder_members(p_folder_id uuid)
returns table (id uuid, status text, username text, invited_email text, role text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id,
         case when m.accepted_at is null then 'invited' else 'member' end,
         case when m.member_user_id is not null then p.username end,
         m.invited_email,
         m.role,
         m.created_at
    from public.folder_members m
    left join public.profiles p on p.user_id = m.member_user_id
   where m.folder_id = p_folder_id and m.owner_id = auth.uid()
   order by m.accepted_at is null, m.created_at, m.id
$$;

create or replace function public.set_folder_member_role(p_member_id uuid, p_role text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_role is null or p_role not in ('viewer', 'editor') then
    raise exception 'Choose viewer or editor.' using errcode = '22023';
  end if;
  update public.folder_members m set role = p_role where m.id = p_member_id and m.owner_id = auth.uid();
  if not found then
    raise exception 'Member not found.' using errcode = 'PT404';
  end if;
  return true;
end
$$;

-- The invitee's pending invitations: by username (bound to the caller) or to the caller's confirmed
-- e-mail; never one the caller cannot accept (suppressed, or from someone they blocked since).
create or replace function public.list_folder_invitations()
returns table (id uuid, folder_name text, owner_name text, role text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, c.name, private.member_label(m.owner_id), m.role, m.created_at
    from public.folder_members m
    join public.categories c on c.id = m.folder_id
    left join auth.users u on u.id = auth.uid() and u.email_confirmed_at is not null
   where m.accepted_at is null and not m.suppressed and m.owner_id <> auth.uid()
     and (m.member_user_id = auth.uid() or (m.member_user_id is null and u.email is not null and m.invited_email = lower(u.email)))
     and not public._sender_blocked_by(auth.uid(), m.owner_id)
   order by m.created_at desc, m.id
   limit 100
$$;

-- Accepts (the membership starts now, bound to the caller) or declines (the row goes) an invitation.
create or replace function public.respond_folder_invitation(p_invitation_id uuid, p_accept boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_email text;
  v_row public.folder_members%rowtype;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  select lower(u.email) into v_email from auth.users u where u.id = v_uid and u.email_confirmed_at is not null;
  select * into v_row from public.folder_members m
   where m.id = p_invitation_id and m.accepted_at is null and not m.suppressed
     and (m.member_user_id = v_uid or (m.member_user_id is null and v_email is not null and m.invited_email = v_email))
   for update;
  if not found or v_row.owner_id = v_uid or public._sender_blocked_by(v_uid, v_row.owner_id) then
    raise exception 'Invitation not found.' using errcode = 'PT404';
  end if;
  if not coalesce(p_accept, false) then
    delete from public.folder_members m where m.id = v_row.id;
    return false;
  end if;
  if v_row.member_user_id is null
     and exists (select 1 from public.folder_members m where m.folder_id = v_row.folder_id and m.member_user_id = v_uid) then
    -- Already invited by username too: that row becomes the membership.
    delete from public.folder_members m where m.id = v_row.id;
    update public.folder_members m set accepted_at = coalesce(m.accepted_at, now())
     where m.folder_id = v_row.folder_id and m.member_user_id = v_uid and not m.suppressed;
  else
    update public.folder_members m set member_user_id = v_uid, invited_email = null, accepted_at = now() where m.id = v_row.id;
  end if;
  return true;
end
$$;

-- The folders shared with the caller (accepted), with the owner's name and the caller's role.
create or replace function public.list_shared_folders()
returns table (folder_id uuid, name text, icon_url text, owner_id uuid, owner_name text, role text, link_count bigint, accepted_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.icon_url, c.user_id, private.member_label(c.user_id), m.role,
         (select count(*) from public.links l where l.category_id = c.id and l.user_id = c.user_id and not l.is_template),
         m.accepted_at
    from public.folder_members m
    join public.categories c on c.id = m.folder_id
   where m.member_user_id = auth.uid() and m.accepted_at is not null
   order by lower(c.name), c.id
$$;

-- One shared folder as a member sees it: the folder, the caller's role, the owner's name, the path
-- from the shared folder down, the link count and subfolders. Null unless the caller is a member.
create or replace function public.get_shared_folder(p_folder_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := private.folder_role(p_folder_id);
  v_folder public.categories%rowtype;
  v_ancestors jsonb := '[]'::jsonb;
  v_cursor uuid;
  v_parent public.categories%rowtype;
  v_depth integer := 0;
begin
  if v_role is null then
    return null;
  end if;
  select * into v_folder from public.categories c where c.id = p_folder_id;
  -- The breadcrumb stops at the folder that was shared with the caller (nothing above it is theirs to see).
  v_cursor := v_folder.id;
  while v_depth < 10000 and not exists (
    select 1 from public.folder_members m where m.folder_id = v_cursor and m.member_user_id = auth.uid() and m.accepted_at is not null
  ) loop
    select c.parent_category_id into v_cursor from public.categories c where c.id = v_cursor;
    exit when v_cursor is null;
    select * into v_parent from public.categories c where c.id = v_cursor;
    v_ancestors := jsonb_build_array(jsonb_build_object('id', v_parent.id, 'name', v_parent.name)) || v_ancestors;
    v_depth := v_depth + 1;
  end loop;
  return jsonb_build_object(
    'folder', jsonb_build_object('id', v_folder.id, 'name', v_folder.name, 'icon_url', v_folder.icon_url,
                                 'parent_category_id', v_folder.parent_category_id),
    'role', v_role,
    'owner_id', v_folder.user_id,
    'owner_name', private.member_label(v_folder.user_id),
    'ancestors', v_ancestors,
    'link_count', (select count(*) from public.links l
                    where l.category_id = v_folder.id and l.user_id = v_folder.user_id and not l.is_template),
    'subfolders', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', c.id, 'name', c.name, 'icon_url', c.icon_url,
               'link_count', (select count(*) from public.links l
                               where l.category_id = c.id and l.user_id = v_folder.user_id and not l.is_template))
             order by c.display_order, c.name)
        from public.categories c
       where c.parent_category_id = v_folder.id and c.user_id = v_folder.user_id and not c.is_template), '[]'::jsonb)
  );
end
$$;

revoke execute on function public.invite_folder_member(uuid, text, text), public.list_folder_members(uuid),
  public.set_folder_member_role(uuid, text), public.list_folder_invitations(), public.respond_folder_invitation(uuid, boolean),
  public.list_shared_folders(), public.get_shared_folder(uuid), public.folder_invitations_max() from public, anon;
grant execute on function public.invite_folder_member(uuid, text, text), public.list_folder_members(uuid),
  public.set_folder_member_role(uuid, text), public.list_folder_invitations(), public.respond_folder_invitation(uuid, boolean),
  public.list_shared_folders(), public.get_shared_folder(uuid), public.folder_invitations_max() to authenticated, service_role;
