-- Full-text search over a user's links, behind one RPC (search_links).
--
-- What is searched, folded to lower case without accents (unaccent), in the 'simple' text search
-- configuration (no stemming: prefixes do that job and work in every language):
--   weight A  title, tag names        (ranked first)
--   weight B  URL words: the host ('github.com'), its parts and the path's words
--   weight C  description, notes
--   weight D  the fetched preview's site name and description
-- The document lives in link_search (one row per link, kept by triggers), not in links: a share's
-- recipient reads the shared link's row, and the document holds the owner's tags and notes.
-- Typo tolerance: when the words find nothing, search_links retries each with the user's title
-- and tag words most similar to it (pg_trgm over search_words), and says so ("fuzzy": true).
-- Both extensions are in PGlite's build (the local stack loads them), Debian's PostgreSQL and
-- hosted Supabase, in schema extensions as Supabase installs them.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- unaccent() is only stable (its dictionary could change); with the dictionary named this wrapper
-- is immutable, so it may be used in stored documents and indexes.
create or replace function public.search_fold(value text)
returns text language sql immutable parallel safe set search_path = ''
as $$ select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, ''))) $$;

-- A URL's host without 'www.', lower case ('' when it has none).
create or replace function public.search_url_host(url text)
returns text language sql immutable parallel safe set search_path = ''
as $$
  select regexp_replace(lower(coalesce(substring(url from '^[[:alpha:]][[:alnum:]+.-]*://(?:[^/?#@]*@)?([^/?#:]+)'), '')), '^www\.', '')
$$;

-- The words a URL is found by: its host whole, its parent domains ('mozilla.org' of
-- 'developer.mozilla.org'), the host's parts, and its path's words.
create or replace function public.search_url_words(url text)
returns text language sql immutable parallel safe set search_path = ''
as $$
  select concat_ws(' ', x.h,
           (select string_agg(array_to_string(p.labels[i:], '.'), ' ')
              from (select string_to_array(x.h, '.') as labels) p, generate_series(2, cardinality(p.labels) - 1) i),
           regexp_replace(x.h, '[^[:alnum:]]+', ' ', 'g'),
           regexp_replace(left(coalesce(substring(url from '^[[:alpha:]][[:alnum:]+.-]*://[^/?#]*([^?#]*)'), ''), 500), '[^[:alnum:]]+', ' ', 'g'))
    from (select public.search_url_host(url) as h) x
$$;

-- One typed word as a query: each of its lexemes (as the document's parser splits it), ANDed,
-- as prefixes unless `prefix` is false. Null when the word has no lexeme (punctuation only).
create or replace function public.search_word_query(word text, prefix boolean default true)
returns tsquery language sql immutable parallel safe set search_path = ''
as $$
  select case when count(*) = 0 then null else
    to_tsquery('simple', string_agg('''' || replace(replace(lx, '\', '\\'), '''', '''''') || '''' || case when prefix then ':*' else '' end, ' & '))
  end
  from unnest(tsvector_to_array(to_tsvector('simple', public.search_fold(word)))) lx
$$;

revoke execute on function public.search_fold(text), public.search_url_host(text), public.search_url_words(text),
  public.search_word_query(text, boolean) from public, anon;
grant execute on function public.search_fold(text), public.search_url_host(text), public.search_url_words(text),
  public.search_word_query(text, boolean) to authenticated, service_role;

create table public.link_search (
  link_id uuid primary key references public.links (id) on delete cascade,
  user_id uuid not null,
  host text not null default '',
  -- Everything but the tags; a tag change rebuilds only document = base || the tags' vector.
  base tsvector not null,
  document tsvector not null
);
create index link_search_document_idx on public.link_search using gin (document);
create index link_search_user_host_idx on public.link_search (user_id, host);

-- The words of a user's titles and tag names (4+ letters, folded), for the typo retry: a mistyped
-- word is replaced by the user's words most similar to it (pg_trgm), then searched as usual.
create table public.search_words (
  user_id uuid not null references auth.users (id) on delete cascade,
  word text not null,
  constraint search_words_pkey primary key (user_id, word)
);

-- Kept by the server only; the owner reads their rows (search_links is security invoker).
alter table public.link_search enable row level security;
alter table public.search_words enable row level security;
revoke all on public.link_search, public.search_words from anon, authenticated;
grant all on public.link_search, public.search_words to service_role;
grant select on public.link_search, public.search_words to authenticated;
create policy link_search_select_own on public.link_search for select to authenticated using (user_id = (select auth.uid()));
create policy search_words_select_own on public.search_words for select to authenticated using (user_id = (select auth.uid()));

-- A link's tags as weight-A lexemes.
create or replace function public.search_tag_vector(link_id uuid)
returns tsvector
language sql
stable
set search_path = ''
as $$
  select setweight(to_tsvector('simple', public.search_fold(coalesce(string_agg(t.name, ' '), ''))), 'A')
    from public.link_tags lt join public.tags t on t.id = lt.tag_id
   where lt.link_id = search_tag_vector.link_id
$$;

-- Adds the words of these texts to a user's typo dictionary.
create or replace function public.remember_search_words(owner_id uuid, texts text[])
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.search_words (user_id, word)
  select distinct owner_id, w
    from unnest(texts) x, unnest(tsvector_to_array(to_tsvector('simple', public.search_fold(x)))) w
   where owner_id is not null and char_length(w) between 4 and 40 and w ~ '^[[:alpha:]]+$'
  on conflict do nothing
$$;

-- (Re)builds the documents of these links (templates and ownerless rows have none).
create or replace function public.refresh_link_search(link_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
begin
  insert into public.link_search as ls (link_id, user_id, host, base, document)
  select s.id, s.user_id, public.search_url_host(s.url), s.base, s.base || public.search_tag_vector(s.id)
    from (
      select l.id, l.user_id, l.url,
             setweight(to_tsvector('simple', public.search_fold(l.title)), 'A')
             || setweight(to_tsvector('simple', public.search_fold(public.search_url_words(l.url))), 'B')
             || setweight(to_tsvector('simple', public.search_fold(concat_ws(' ', l.description,
                  (select n.body from public.link_notes n where n.link_id = l.id)))), 'C')
             || setweight(to_tsvector('simple', public.search_fold(concat_ws(' ', l.preview_site_name, l.preview_description))), 'D') as base
        from public.links l
       where l.id = any (link_ids) and l.user_id is not null and not l.is_template
    ) s
  on conflict (link_id) do update
    set user_id = excluded.user_id, host = excluded.host, base = excluded.base, document = excluded.document;
  for r in
    select l.user_id, array_agg(l.title) as titles from public.links l
     where l.id = any (link_ids) and l.user_id is not null and not l.is_template group by l.user_id
  loop
    perform public.remember_search_words(r.user_id, r.titles);
  end loop;
end
$$;

-- After a tag change only the tags' part of these links' documents is rebuilt.
create or replace function public.refresh_link_search_tags(link_ids uuid[])
returns void
language sql
security definer
set search_path = ''
as $$
  update public.link_search s set document = s.base || public.search_tag_vector(s.link_id) where s.link_id = any (link_ids)
$$;

create or replace function public.link_search_links_inserted()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_link_search(array(select n.id from new_rows n));
  return null;
end
$$;
create trigger links_search_insert after insert on public.links
  referencing new table as new_rows for each statement execute function public.link_search_links_inserted();

create or replace function public.link_search_link_updated()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  if new.user_id is null or new.is_template then
    delete from public.link_search s where s.link_id = new.id;
  else
    perform public.refresh_link_search(array[new.id]);
  end if;
  return null;
end
$$;
create trigger links_search_update
  after update of title, url, description, preview_site_name, preview_description, user_id, is_template on public.links
  for each row
  when (old.title is distinct from new.title or old.url is distinct from new.url or old.description is distinct from new.description
        or old.preview_site_name is distinct from new.preview_site_name or old.preview_description is distinct from new.preview_description
        or old.user_id is distinct from new.user_id or old.is_template is distinct from new.is_template)
  execute function public.link_search_link_updated();

create or replace function public.link_search_tags_inserted()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_link_search_tags(array(select distinct n.link_id from new_rows n));
  return null;
end
$$;
create or replace function public.link_search_tags_deleted()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_link_search_tags(array(select distinct o.link_id from old_rows o));
  return null;
end
$$;
create trigger link_tags_search_insert after insert on public.link_tags
  referencing new table as new_rows for each statement execute function public.link_search_tags_inserted();
create trigger link_tags_search_delete after delete on public.link_tags
  referencing old table as old_rows for each statement execute function public.link_search_tags_deleted();

create or replace function public.link_search_tag_renamed()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_link_search_tags(array(select lt.link_id from public.link_tags lt where lt.tag_id = new.id));
  return null;
end
$$;
create trigger tags_search_rename after update of name on public.tags
  for each row when (old.name is distinct from new.name) execute function public.link_search_tag_renamed();

create or replace function public.link_search_tag_named()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.remember_search_words(new.user_id, array[new.name]);
  return null;
end
$$;
create trigger tags_search_words after insert or update of name on public.tags
  for each row execute function public.link_search_tag_named();

create or replace function public.link_search_note_changed()
returns trigger language plpgsql security definer set search_path = ''
as $$
begin
  perform public.refresh_link_search(array[coalesce(new.link_id, old.link_id)]);
  return null;
end
$$;
create trigger link_notes_search after insert or update of body or delete on public.link_notes
  for each row execute function public.link_search_note_changed();

revoke execute on function public.refresh_link_search(uuid[]), public.refresh_link_search_tags(uuid[]), public.search_tag_vector(uuid),
  public.remember_search_words(uuid, text[]), public.link_search_links_inserted(), public.link_search_link_updated(),
  public.link_search_tags_inserted(), public.link_search_tags_deleted(), public.link_search_tag_renamed(),
  public.link_search_tag_named(), public.link_search_note_changed() from public, anon, authenticated;
grant execute on function public.refresh_link_search(uuid[]), public.refresh_link_search_tags(uuid[]), public.search_tag_vector(uuid),
  public.remember_search_words(uuid, text[]), public.link_search_links_inserted(), public.link_search_link_updated(),
  public.link_search_tags_inserted(), public.link_search_tags_deleted(), public.link_search_tag_renamed(),
  public.link_search_tag_named(), public.link_search_note_changed() to service_role;

-- Links and tags saved before this migration.
select public.refresh_link_search(array(select l.id from public.links l where l.user_id is not null and not l.is_template));
select public.remember_search_words(t.user_id, array_agg(t.name)) from public.tags t group by t.user_id;

-- Most terms of each kind one search takes, longest term, most results per page.
create or replace function public.search_terms_max() returns integer language sql immutable set search_path = '' as $$ select 20 $$;
create or replace function public.search_term_max_length() returns integer language sql immutable set search_path = '' as $$ select 200 $$;
create or replace function public.search_page_max() returns integer language sql immutable set search_path = '' as $$ select 200 $$;
revoke execute on function public.search_terms_max(), public.search_term_max_length(), public.search_page_max() from public, anon;
grant execute on function public.search_terms_max(), public.search_term_max_length(), public.search_page_max() to authenticated, service_role;

-- The search: the parsed query (shared/rules/search-query.ts) as arguments, one page of results.
--   words          all must match, each as a prefix, in any field
--   phrases        each must match as consecutive words
--   not_words      none may match (a word or a phrase, exactly)
--   tags/not_tags  the link carries every one / none of them (names, case-insensitive)
--   folders        the link is in one of the folders so named, or their subfolders
--   folder_id      the link is in this folder or its subfolders (the folder view's box)
--   sites/not_sites the link's host is / is not one of these or a subdomain of one
--   created_before / created_after   created_at < before, >= after
--   is_shared, is_incoming, has_notes   true: must; false: must not; null: either
-- Ranked by ts_rank with title and tags first, then newest. "total" counts every match.
create or replace function public.search_links(
  words text[] default '{}',
  phrases text[] default '{}',
  not_words text[] default '{}',
  tags text[] default '{}',
  not_tags text[] default '{}',
  folders text[] default '{}',
  folder_id uuid default null,
  sites text[] default '{}',
  not_sites text[] default '{}',
  created_before timestamptz default null,
  created_after timestamptz default null,
  is_shared boolean default null,
  is_incoming boolean default null,
  has_notes boolean default null,
  page_limit integer default 50,
  page_offset integer default 0
)
returns json
language plpgsql
stable
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_q tsquery;
  v_neg tsquery;
  v_t tsquery;
  v_term text;
  v_tag_ids uuid[] := '{}';
  v_not_tag_ids uuid[] := '{}';
  v_scope uuid[];
  v_folders uuid[];
  v_incoming uuid[] := '{}';
  v_sites text[];
  v_not_sites text[];
  v_fuzzy_words text[] := '{}';
  v_where text := '';
  v_rank text := '0::real';
  v_sql text;
  v_result json;
  v_total bigint;
  v_similar text;
begin
  if v_uid is null then
    raise exception 'Authentication required' using errcode = '42501';
  end if;
  if page_limit is null or page_limit < 1 or page_limit > public.search_page_max() then
    raise exception 'page_limit must be between 1 and %', public.search_page_max() using errcode = '22023';
  end if;
  if page_offset is null or page_offset < 0 or page_offset > 100000 then
    raise exception 'page_offset must be between 0 and 100000' using errcode = '22023';
  end if;
  if greatest(cardinality(coalesce(words, '{}')), cardinality(coalesce(phrases, '{}')), cardinality(coalesce(not_words, '{}')),
              cardinality(coalesce(tags, '{}')), cardinality(coalesce(not_tags, '{}')), cardinality(coalesce(folders, '{}')),
              cardinality(coalesce(sites, '{}')), cardinality(coalesce(not_sites, '{}'))) > public.search_terms_max() then
    raise exception 'A search takes at most % terms of each kind.', public.search_terms_max() using errcode = '22023';
  end if;
  if exists (
    select 1 from unnest(coalesce(words, '{}') || coalesce(phrases, '{}') || coalesce(not_words, '{}') || coalesce(tags, '{}')
                         || coalesce(not_tags, '{}') || coalesce(folders, '{}') || coalesce(sites, '{}') || coalesce(not_sites, '{}')) x
     where char_length(x) > public.search_term_max_length()
  ) then
    raise exception 'A search term has at most % characters.', public.search_term_max_length() using errcode = '22023';
  end if;

  -- The text query.
  foreach v_term in array coalesce(words, '{}') loop
    v_t := public.search_word_query(v_term, true);
    if v_t is not null then
      v_q := case when v_q is null then v_t else v_q && v_t end;
      v_fuzzy_words := v_fuzzy_words || public.search_fold(v_term);
    end if;
  end loop;
  foreach v_term in array coalesce(phrases, '{}') loop
    v_t := phraseto_tsquery('simple', public.search_fold(v_term));
    if numnode(v_t) > 0 then
      v_q := case when v_q is null then v_t else v_q && v_t end;
    end if;
  end loop;
  foreach v_term in array coalesce(not_words, '{}') loop
    v_t := phraseto_tsquery('simple', public.search_fold(v_term));
    if numnode(v_t) > 0 then
      v_neg := case when v_neg is null then v_t else v_neg || v_t end;
    end if;
  end loop;
  if v_q is not null then
    v_where := v_where || ' and s.document @@ $2';
    v_rank := 'ts_rank(''{0.1, 0.2, 0.4, 1.0}'', s.document, $2)';
  end if;
  if v_neg is not null then
    v_where := v_where || ' and not (s.document @@ $3)';
  end if;

  -- Tags: every name must be one of the caller's tags, or nothing matches.
  if cardinality(coalesce(tags, '{}')) > 0 then
    select coalesce(array_agg(t.id), '{}') into v_tag_ids from public.tags t
     where t.user_id = v_uid and lower(t.name) in (select lower(public.normalise_tag_name(x)) from unnest(tags) x);
    if cardinality(v_tag_ids) < (select count(distinct lower(public.normalise_tag_name(x))) from unnest(tags) x) then
      return json_build_object('total', 0, 'fuzzy', false, 'links', '[]'::json);
    end if;
    -- Driven from link_tags (index on tag_id): the links carrying every one of the tags.
    v_where := v_where || ' and s.link_id in (select lt.link_id from public.link_tags lt where lt.tag_id = any ($4)'
                       || ' group by lt.link_id having count(*) = cardinality($4))';
  end if;
  if cardinality(coalesce(not_tags, '{}')) > 0 then
    select coalesce(array_agg(t.id), '{}') into v_not_tag_ids from public.tags t
     where t.user_id = v_uid and lower(t.name) in (select lower(public.normalise_tag_name(x)) from unnest(not_tags) x);
    if cardinality(v_not_tag_ids) > 0 then
      v_where := v_where || ' and not exists (select 1 from public.link_tags lt where lt.link_id = s.link_id and lt.tag_id = any ($5))';
    end if;
  end if;

  -- Folders, with their subfolders.
  if folder_id is not null then
    with recursive f as (
      select c.id from public.categories c where c.id = search_links.folder_id and c.user_id = v_uid
      union
      select c.id from public.categories c join f on c.parent_category_id = f.id where c.user_id = v_uid
    ) select array_agg(f.id) into v_scope from f;
    if v_scope is null then
      raise exception 'Folder not found.' using errcode = 'PT404';
    end if;
    v_where := v_where || ' and (l.category_id = any ($6) or l.second_category_id = any ($6))';
  end if;
  if cardinality(coalesce(folders, '{}')) > 0 then
    with recursive f as (
      select c.id from public.categories c
       where c.user_id = v_uid and lower(btrim(c.name)) in (select lower(btrim(x)) from unnest(folders) x)
      union
      select c.id from public.categories c join f on c.parent_category_id = f.id where c.user_id = v_uid
    ) select array_agg(f.id) into v_folders from f;
    if v_folders is null then
      return json_build_object('total', 0, 'fuzzy', false, 'links', '[]'::json);
    end if;
    v_where := v_where || ' and (l.category_id = any ($7) or l.second_category_id = any ($7))';
  end if;

  -- Sites: the host or a subdomain of it.
  v_sites := array(select regexp_replace(regexp_replace(lower(btrim(x)), '^([a-z]+://)?(www\.)?', ''), '[/?#:].*$', '')
                     from unnest(coalesce(sites, '{}')) x where btrim(x) <> '');
  v_not_sites := array(select regexp_replace(regexp_replace(lower(btrim(x)), '^([a-z]+://)?(www\.)?', ''), '[/?#:].*$', '')
                         from unnest(coalesce(not_sites, '{}')) x where btrim(x) <> '');
  if cardinality(v_sites) > 0 then
    v_where := v_where || ' and exists (select 1 from unnest($8) h where s.host = h or right(s.host, char_length(h) + 1) = ''.'' || h)';
  end if;
  if cardinality(v_not_sites) > 0 then
    v_where := v_where || ' and not exists (select 1 from unnest($9) h where s.host = h or right(s.host, char_length(h) + 1) = ''.'' || h)';
  end if;

  if created_before is not null then
    v_where := v_where || ' and l.created_at < $10';
  end if;
  if created_after is not null then
    v_where := v_where || ' and l.created_at >= $11';
  end if;
  if is_shared is not null then
    v_where := v_where || case when is_shared then ' and' else ' and not' end
      || ' exists (select 1 from public.shared_links sh where sh.link_id = s.link_id and sh.sender_id = $1)';
  end if;
  if is_incoming is not null then
    with recursive f as (
      select c.id from public.categories c where c.user_id = v_uid and c.system_key = 'incoming'
      union
      select c.id from public.categories c join f on c.parent_category_id = f.id where c.user_id = v_uid
    ) select coalesce(array_agg(f.id), '{}') into v_incoming from f;
    v_where := v_where || case when is_incoming then ' and' else ' and not' end
      || ' (l.category_id = any ($12) or coalesce(l.second_category_id = any ($12), false))';
  end if;
  if has_notes is not null then
    v_where := v_where || case when has_notes then ' and' else ' and not' end
      || ' exists (select 1 from public.link_notes n where n.link_id = s.link_id and btrim(n.body) <> '''')';
  end if;

  v_sql := '
    with hits as (
      select s.link_id, %s as rank, l.created_at, count(*) over () as total
        from public.link_search s
        join public.links l on l.id = s.link_id
       where s.user_id = $1 and not l.is_template %s
       order by 2 desc, l.created_at desc, s.link_id
       limit $13 offset $14
    )
    select json_build_object(
      ''total'', coalesce((select max(h.total) from hits h), 0),
      ''fuzzy'', $15,
      ''links'', coalesce((
        select json_agg(json_build_object(
                 ''id'', l.id, ''title'', l.title, ''url'', l.url, ''description'', l.description,
                 ''icon_url'', l.icon_url, ''favicon_url'', l.favicon_url, ''preview_image_url'', l.preview_image_url,
                 ''category_id'', l.category_id, ''second_category_id'', l.second_category_id,
                 ''access_count'', l.access_count, ''share_count'', l.share_count,
                 ''created_at'', l.created_at, ''updated_at'', l.updated_at, ''rank'', h.rank,
                 ''tags'', coalesce((select json_agg(t.name order by lower(t.name)) from public.link_tags lt
                                      join public.tags t on t.id = lt.tag_id where lt.link_id = l.id), ''[]''::json))
                 order by h.rank desc, h.created_at desc, h.link_id)
          from hits h join public.links l on l.id = h.link_id), ''[]''::json))';

  execute format(v_sql, v_rank, v_where) into v_result
    using v_uid, v_q, v_neg, v_tag_ids, v_not_tag_ids, v_scope, v_folders, v_sites, v_not_sites,
          created_before, created_after, v_incoming, page_limit, page_offset, false;
  v_total := (v_result ->> 'total')::bigint;

  -- Nothing found: each word of 4+ letters also matches the caller's title and tag words most
  -- similar to it (pg_trgm's similarity() >= 0.3, its default threshold), so a typo ('javascirpt')
  -- still finds the link. similarity() over the caller's words, not the % operator: PGlite's
  -- pg_trgm answers % with notices instead of rows until its settings are loaded.
  if v_total = 0 and cardinality(coalesce(phrases, '{}')) = 0 and exists (select 1 from unnest(v_fuzzy_words) w where char_length(w) >= 4) then
    v_q := null;
    foreach v_term in array v_fuzzy_words loop
      v_t := public.search_word_query(v_term, true);
      if char_length(v_term) >= 4 then
        for v_similar in
          select w.word from public.search_words w
           where w.user_id = v_uid and char_length(w.word) between char_length(v_term) - 3 and char_length(v_term) + 3
             and extensions.similarity(w.word, v_term) >= 0.3
           order by extensions.similarity(w.word, v_term) desc, w.word
           limit 5
        loop
          v_t := v_t || public.search_word_query(v_similar, false);
        end loop;
      end if;
      v_q := case when v_q is null then v_t else v_q && v_t end;
    end loop;
    execute format(v_sql, v_rank, v_where) into v_result
      using v_uid, v_q, v_neg, v_tag_ids, v_not_tag_ids, v_scope, v_folders, v_sites, v_not_sites,
            created_before, created_after, v_incoming, page_limit, page_offset, true;
  end if;
  return v_result;
end
$$;
revoke execute on function public.search_links(text[], text[], text[], text[], text[], text[], uuid, text[], text[], timestamptz,
  timestamptz, boolean, boolean, boolean, integer, integer) from public, anon;
grant execute on function public.search_links(text[], text[], text[], text[], text[], text[], uuid, text[], text[], timestamptz,
  timestamptz, boolean, boolean, boolean, integer, integer) to authenticated, service_role;
