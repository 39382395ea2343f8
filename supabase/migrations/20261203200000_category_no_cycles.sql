-- A folder can be moved into another one (Manage Categories' tree), and out again. The table only
-- refused a folder as its own parent (categories_not_own_parent); moving a folder into one of its
-- own subfolders made a loop that no list could show and every tree walk would follow forever.
-- This trigger refuses it with 23514 (PostgREST: HTTP 400) and a readable message, and also refuses
-- a parent of another owner (the RLS check already does for clients; this holds for the service
-- role too). Imports may nest deeply (a 1,000-level file), so the walk has no depth limit of its own;
-- it ends at the top because no loop can exist once this trigger is in place.

create or replace function public.categories_refuse_cycle()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_cursor uuid := new.parent_category_id;
  v_owner uuid;
  v_next uuid;
begin
  if new.parent_category_id is null then
    return new;
  end if;
  select c.user_id into v_owner from public.categories c where c.id = new.parent_category_id;
  if v_owner is distinct from new.user_id then
    raise exception 'A folder can only be placed inside a folder of the same owner.' using errcode = '23514';
  end if;
  while v_cursor is not null loop
    if v_cursor = new.id then
      raise exception 'A folder cannot be moved into itself or one of its subfolders.' using errcode = '23514';
    end if;
    select c.parent_category_id into v_next from public.categories c where c.id = v_cursor;
    v_cursor := v_next;
  end loop;
  return new;
end
$$;
revoke execute on function public.categories_refuse_cycle() from public, anon, authenticated;
grant execute on function public.categories_refuse_cycle() to service_role;

drop trigger if exists categories_refuse_cycle on public.categories;
create trigger categories_refuse_cycle
  before update of parent_category_id on public.categories
  for each row when (new.parent_category_id is distinct from old.parent_category_id)
  execute function public.categories_refuse_cycle();
