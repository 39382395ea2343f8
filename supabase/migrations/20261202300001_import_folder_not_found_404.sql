-- Importing into a folder the caller does not own (another user's folder id, or one that does not
-- exist) answered HTTP 500: import_folders and import_links raised SQLSTATE P0002, which PostgREST
-- answers with 500. They now raise PT404 (PostgREST: HTTP 404 with the message as written), as the
-- other RPCs do since 20261124110000_folder_view.sql; the message stays 'Folder not found.' (and
-- 'Default category ... not found.').
--
-- Only the error codes change. Each function is re-created from its current definition with
-- "errcode = 'P0002'" replaced, so whatever else the latest migration put in its body (batch
-- limits, pacing, locks) stays exactly as it is; the check after it makes sure none is left.
do $$
declare
  fn regprocedure;
  src text;
begin
  foreach fn in array array['public.import_folders(jsonb)'::regprocedure, 'public.import_links(jsonb)'::regprocedure] loop
    src := pg_catalog.pg_get_functiondef(fn);
    if position('''P0002''' in src) > 0 then
      execute replace(src, 'errcode = ''P0002''', 'errcode = ''PT404''');
    end if;
    if position('''P0002''' in pg_catalog.pg_get_functiondef(fn)) > 0 then
      raise exception '% still raises SQLSTATE P0002', fn;
    end if;
  end loop;
end
$$;
