-- The sender's outgoing list shows each share's status (pending, accepted, rejected), so a rejected
-- share is kept with status 'rejected' instead of being deleted; and a recipient sees the sender's
-- e-mail address only on a share sent by e-mail (a share by username or link never reveals it).

-- reject_incoming_share: as in 20261124190300_rpc_errors_4xx.sql, but the share is marked rejected
-- (it leaves the inbox, whose list asks for pending shares) instead of deleted.
create or replace function public.reject_incoming_share(shared_link_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_share public.shared_links%rowtype;
  v_src public.links%rowtype;
  v_rejected uuid;
  v_link public.links%rowtype;
  v_outcome text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  v_share := public._my_share_for_update(reject_incoming_share.shared_link_id);
  v_rejected := public._system_category_id(v_uid, 'rejected');
  if v_rejected is null then
    raise exception 'REJECTED folder not found. Please contact support.' using errcode = 'PT404';
  end if;
  select * into v_src from public.links l where l.id = v_share.link_id;

  select * into v_link from public.links l
   where l.user_id = v_uid and not l.is_template and l.url = v_src.url
     and (l.category_id = v_rejected or l.second_category_id = v_rejected)
   order by l.created_at desc limit 1;
  if found then
    v_outcome := 'already_rejected';
  else
    insert into public.links (user_id, title, url, description, icon_url, category_id)
    values (v_uid, v_src.title, v_src.url, v_src.description, v_src.icon_url, v_rejected)
    returning * into v_link;
    v_outcome := 'inserted';
  end if;

  update public.shared_links s
     set status = 'rejected', accepted_at = null, moved_to_category_id = null
   where s.id = v_share.id;
  return jsonb_build_object('outcome', v_outcome, 'link', to_jsonb(v_link));
end
$$;
revoke execute on function public.reject_incoming_share(uuid) from public;
grant execute on function public.reject_incoming_share(uuid) to authenticated, service_role;

-- list_incoming_shares: as before, with sender_email only for a share addressed to an e-mail
-- address (and only when the sender shows their e-mail).
create or replace function public.list_incoming_shares(status_filter text default 'pending')
returns table (
  shared_link_id uuid, link_id uuid, title text, url text, description text, icon_url text, message text,
  shared_at timestamptz, status text, accepted_at timestamptz, moved_to_category_id uuid, sender_id uuid,
  sender_name text, sender_email text, sender_username text
)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, l.id, l.title, l.url, l.description, coalesce(l.icon_url, l.favicon_url), s.message, s.shared_at, s.status,
         s.accepted_at, s.moved_to_category_id, s.sender_id,
         coalesce(
           case when p.name_visible then nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') end,
           '@' || p.username,
           'Unknown User'
         ),
         case when s.recipient_email is not null and p.email_visible then p.email end,
         p.username
    from public.shared_links s
    join public.links l on l.id = s.link_id
    left join public.profiles p on p.user_id = s.sender_id
   where auth.uid() is not null
     and (s.recipient_user_id = auth.uid() or s.recipient_user_id is null)
     and public.receives_share(s.id)
     and (status_filter is null or s.status = status_filter)
   order by s.shared_at desc
$$;
revoke execute on function public.list_incoming_shares(text) from public;
grant execute on function public.list_incoming_shares(text) to authenticated, service_role;
