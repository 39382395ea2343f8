import type { IncomingMessage, ServerResponse } from 'node:http';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import { loadBucket, optionalInt, optionalString, readJsonObject, requireAuth, type StorageContext } from './context.ts';
import { badRequest } from './errors.ts';

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

interface ListOptions {
  prefix: string;
  level: number;
  limit: number;
  offset: number;
  column: string;
  order: 'asc' | 'desc';
  search: string;
}

function parseListBody(body: Record<string, unknown>): ListOptions {
  // "a/b" and "a/b/" both list the folder a/b; "" lists the bucket's root.
  let prefix = (optionalString(body, 'prefix') ?? '').replace(/^\/+/, '');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (prefix.includes('//')) throw badRequest('body/prefix must not contain empty folders');
  const sortBy = body.sortBy ?? {};
  if (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy)) throw badRequest('body/sortBy must be object');
  const column = optionalString(sortBy as Record<string, unknown>, 'column') ?? 'name';
  if (!SORT_COLUMNS.has(column)) throw badRequest(`body/sortBy/column must be one of ${[...SORT_COLUMNS].join(', ')}`);
  const order = (optionalString(sortBy as Record<string, unknown>, 'order') ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw badRequest('body/sortBy/order must be asc or desc');
  return {
    prefix,
    level: prefix.split('/').length,
    limit: optionalInt(body, 'limit', 1, 10000) ?? 100,
    offset: optionalInt(body, 'offset', 0, 1_000_000_000) ?? 0,
    column,
    order,
    search: optionalString(body, 'search') ?? '',
  };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * POST /object/list/{bucket}: one folder level, as Supabase's storage.search() answers it: the
 * sub-folders first (id null), then the files. Runs as the caller: only rows the SELECT policies
 * show are listed, and a folder appears only if the caller can see something inside it.
 */
export async function handleList(sc: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const opts = parseListBody(await readJsonObject(sc, req));
  await loadBucket(sc, bucketId);
  const direction = opts.order === 'desc' ? 'desc' : 'asc';
  // `column` comes from SORT_COLUMNS, never from the request text itself.
  const fileOrder = opts.column === 'name' ? `path_tokens[$3] ${direction}` : `${opts.column} ${direction}, path_tokens[$3] asc`;
  const sql = `
    with scoped as (
      select * from storage.objects
      where bucket_id = $1 and starts_with(name, $2) and array_length(path_tokens, 1) >= $3
        and path_tokens[$3] ilike $4 escape '\\'
    ),
    folders as (
      select distinct path_tokens[$3] as name from scoped where array_length(path_tokens, 1) > $3
    ),
    entries as (
      select name, null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata,
             0 as kind, row_number() over (order by name ${direction}) as ord
      from folders
      union all
      select path_tokens[$3], id, updated_at, created_at, last_accessed_at, metadata,
             1, row_number() over (order by ${fileOrder})
      from scoped where array_length(path_tokens, 1) = $3
    )
    select name, id, updated_at, created_at, last_accessed_at, metadata from entries
    order by kind, ord limit $5 offset $6`;
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query(sql, [bucketId, opts.prefix, opts.level, `${likeEscape(opts.search)}%`, opts.limit, opts.offset]),
  );
  sendJson(res, 200, r.rows);
}

/**
 * POST /object/list-v2/{bucket} (storage-js listV2): {prefix, limit (default and most 1000),
 * cursor, with_delimiter, sortBy {column: name|updated_at|created_at, order}}, answered in hosted
 * Storage's shape. Flat (no delimiter): every object whose name starts with the prefix, as
 * {id, name, metadata, updated_at, created_at, last_accessed_at}. With the delimiter: the next
 * level's folders and objects, each with `key`, the name's segment at the prefix's level
 * (storage.search_v2: split_part(name, '/', levels)), so a folder's key has no '/', while its
 * `name` is the full path ending in '/'. Sorted by name, a folder sits where its first object
 * would; sorted by a date, a folder carries its oldest object's created_at (search_by_timestamp).
 * Runs as the caller (SELECT policies). The cursor is opaque.
 */
export async function handleListV2(sc: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const body = await readJsonObject(sc, req);
  await loadBucket(sc, bucketId);
  const prefix = optionalString(body, 'prefix') ?? '';
  const limit = Math.min(optionalInt(body, 'limit', 1, Number.MAX_SAFE_INTEGER) ?? 1000, 1000);
  const withDelimiter = body.with_delimiter === true;
  const cursor = optionalString(body, 'cursor');
  let offset = 0;
  if (cursor) {
    const decoded = /^o(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!decoded) throw badRequest('body/cursor is not a cursor this server gave');
    offset = Number(decoded[1]);
  }
  const sortBy = (body.sortBy ?? {}) as Record<string, unknown>;
  if (typeof sortBy !== 'object' || sortBy === null || Array.isArray(sortBy)) throw badRequest('body/sortBy must be object');
  const column = optionalString(sortBy, 'column') ?? 'name';
  if (!['name', 'updated_at', 'created_at'].includes(column))
    throw badRequest('body/sortBy/column must be one of name, updated_at, created_at');
  const order = (optionalString(sortBy, 'order') ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const levels = prefix === '' ? 1 : prefix.split('/').length;
  // `column` and `order` come from the lists above, never from the request text itself.
  const orderBy =
    column === 'name'
      ? `sort_name collate "C" ${order}`
      : `coalesce(date_trunc('milliseconds', ${column}), 'epoch'::timestamptz) ${order}, name collate "C" ${order}`;
  const sql = `
    with scoped as (
      select id, name, updated_at, created_at, last_accessed_at, metadata,
             case when $3 and strpos(substr(name, char_length($2) + 1), '/') > 0
                  then $2 || split_part(substr(name, char_length($2) + 1), '/', 1) end as folder
      from storage.objects where bucket_id = $1 and starts_with(name, $2)
    ),
    entries as (
      select folder as name, folder || '/' as sort_name, true as is_folder, null::uuid as id,
             case when $6 then min(created_at) end as updated_at, case when $6 then min(created_at) end as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from scoped where folder is not null group by folder
      union all
      select name, name, false, id, updated_at, created_at, last_accessed_at, metadata from scoped where folder is null
    )
    select *, split_part(name, '/', $7) as key from entries order by ${orderBy} limit $4 offset $5`;
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query<{
      key: string;
      name: string;
      is_folder: boolean;
      id: string | null;
      updated_at: unknown;
      created_at: unknown;
      last_accessed_at: unknown;
      metadata: unknown;
    }>(sql, [bucketId, prefix, withDelimiter, limit + 1, offset, column !== 'name', levels]),
  );
  const page = r.rows.slice(0, limit);
  const hasNext = r.rows.length > limit;
  const entry = (e: (typeof page)[number]) =>
    withDelimiter
      ? {
          key: e.key,
          name: e.is_folder ? `${e.name}/` : e.name,
          id: e.id,
          updated_at: e.updated_at,
          created_at: e.created_at,
          last_accessed_at: e.last_accessed_at,
          metadata: e.metadata,
        }
      : {
          id: e.id,
          name: e.name,
          metadata: e.metadata,
          updated_at: e.updated_at,
          created_at: e.created_at,
          last_accessed_at: e.last_accessed_at,
        };
  sendJson(res, 200, {
    hasNext,
    ...(hasNext ? { nextCursor: Buffer.from(`o${offset + limit}`).toString('base64url'), nextCursorKey: page[page.length - 1].name } : {}),
    folders: page.filter((e) => e.is_folder).map(entry),
    objects: page.filter((e) => !e.is_folder).map(entry),
  });
}
