-- Our JSON export keeps each folder's icon; importing it sets the icon again. import_folders finds
-- or creates folders by name only, so the icons come in a second call: set each listed folder's
-- icon where the folder has none yet (an icon the user chose since is kept). Security invoker, so
-- RLS decides which rows change (only the caller's own, non-default folders), and only an image of
-- the project's own storage or an app-relative gallery path is kept (is_own_image_url): an icon URL
-- of another host in a file would make every reader of the folder call that host.

create or replace function public.import_folder_icons(items jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_updated integer := 0;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if jsonb_typeof(items) is distinct from 'array' or jsonb_array_length(items) > 500 then
    raise exception 'items must be an array of at most 500 items' using errcode = '22023';
  end if;
  update public.categories c
     set icon_url = i.icon_url
    from jsonb_to_recordset(items) as i(id uuid, icon_url text)
   where c.id = i.id
     and c.user_id = v_uid
     and not c.is_template
     and c.icon_url is null
     and i.icon_url is not null
     and char_length(i.icon_url) <= 2048
     and public.is_own_image_url(i.icon_url);
  get diagnostics v_updated = row_count;
  return v_updated;
end
$$;
revoke execute on function public.import_folder_icons(jsonb) from public, anon;
grant execute on function public.import_folder_icons(jsonb) to authenticated, service_role;
