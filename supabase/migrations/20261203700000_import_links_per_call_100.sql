-- One account cannot slow everyone: 100 links per import_links call (was 500). The embedded
-- database runs one statement at a time, and with the search index kept up to date by triggers a
-- 500-link call held it for ~200 ms, so another user's read waited up to ~500 ms behind two of
-- them. A 100-link call is short enough that other users barely wait; the per-minute pace
-- (import_links_per_minute) is unchanged, so an import is no slower overall.
-- One definition: shared/constants.ts IMPORT_LINKS_PER_CALL (tests/db/abuse-limits.test.ts).
create or replace function public.import_links_per_call()
returns integer
language sql
immutable
set search_path = ''
as $$ select 100 $$;
