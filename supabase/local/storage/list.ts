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
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) => tx.query(sql, [bucketId, opts.prefix, opts.level, `${likeEscape(opts.search)}%`, opts.limit, opts.offset]));
  sendJson(res, 200, r.rows);
}
