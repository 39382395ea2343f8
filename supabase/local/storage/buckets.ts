import type { IncomingMessage, ServerResponse } from 'node:http';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import { allowDeleteQuery, ownerOf, readJsonObject, requireAuth, type StorageContext } from './context.ts';
import { badRequest, bucketNotFound, payloadTooLarge, storageError } from './errors.ts';
import { checkBucketId } from './paths.ts';

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

/**
 * A bucket as Storage answers it: the columns its route selects (GET /bucket adds `type`, GET
 * /bucket/{id} does not; neither has owner_id), serialised through its response schema, which
 * writes a missing owner as "" (fast-json-stringify's coercion of null for a string).
 */
function bucketJson(row: Record<string, unknown>, withType: boolean) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    ...(withType ? { type: 'STANDARD' } : {}),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Bucket writes run as the caller, so storage.buckets' RLS policies decide, as in hosted Storage:
 * the service role bypasses RLS; a user needs an INSERT/UPDATE/DELETE policy.
 */

// Storage's units are decimal: "20MB" is 20,000,000 bytes.
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * A whole number of bytes, or a size such as "20MB" (Storage's parseFileSizeToBytes: a number with at
 * most three significant digits, then GB, MB, KB or B, no spaces); null = no limit. A limit above the
 * upload cap is refused as Storage refuses one above its global limit.
 */
function parseSizeLimit(v: unknown, uploadCap: number): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  let bytes: number | undefined;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) bytes = v;
  else if (typeof v === 'string') {
    const m = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(v);
    if (m) bytes = Math.round(Number(Number.parseFloat(m[1]).toPrecision(3)) * UNITS[m[2].toLowerCase()]);
  }
  if (bytes === undefined) throw storageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  if (bytes > uploadCap) throw payloadTooLarge();
  return bytes;
}

function parseMimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (!Array.isArray(v) || !v.every((m) => typeof m === 'string' && /^[\w.+*-]+\/[\w.+*-]+$/.test(m)))
    throw badRequest('allowed_mime_types must be an array of MIME types');
  return v as string[];
}

function parsePublic(v: unknown): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest('public must be a boolean');
  return v;
}

/** GET /bucket: the buckets storage.buckets' policies show the caller (all of them for the service role). */
export async function handleListBuckets(sc: StorageContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const auth = requireAuth(sc, req);
  const limit = Number(url.searchParams.get('limit') ?? 1000);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0)
    throw badRequest('limit and offset must be whole numbers');
  const search = url.searchParams.get('search') ?? '';
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where strpos(lower(name), lower($1)) > 0 order by name limit $2 offset $3`, [
      search,
      limit,
      offset,
    ]),
  );
  sendJson(
    res,
    200,
    r.rows.map((row) => bucketJson(row, true)),
  );
}

/** GET /bucket/{id} */
export async function handleGetBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]),
  );
  if (!r.rows[0]) throw bucketNotFound();
  sendJson(res, 200, bucketJson(r.rows[0], false));
}

/** POST /bucket {id, name, public, file_size_limit, allowed_mime_types} */
export async function handleCreateBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = requireAuth(sc, req);
  const body = await readJsonObject(sc, req);
  const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : undefined;
  if (!name) throw badRequest("body must have required property 'name'");
  const id = checkBucketId(typeof body.id === 'string' ? body.id : name);
  await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query(
      'insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)',
      [
        id,
        name,
        ownerOf(auth).owner,
        ownerOf(auth).ownerId,
        parsePublic(body.public) ?? false,
        parseSizeLimit(body.file_size_limit, sc.stack.config.maxUploadBody) ?? null,
        parseMimeTypes(body.allowed_mime_types) ?? null,
      ],
    ),
  );
  sendJson(res, 200, { name: id });
}

/** PUT /bucket/{id} */
export async function handleUpdateBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const body = await readJsonObject(sc, req);
  const isPublic = parsePublic(body.public);
  const sizeLimit = parseSizeLimit(body.file_size_limit, sc.stack.config.maxUploadBody);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3 then $4 else file_size_limit end,
         allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1`,
      [id, isPublic ?? null, sizeLimit !== undefined, sizeLimit ?? null, mimeTypes !== undefined, mimeTypes ?? null],
    ),
  );
  if (r.rowCount === 0) throw bucketNotFound();
  sendJson(res, 200, { message: 'Successfully updated' });
}

/** DELETE /bucket/{id}: only an empty bucket. */
export async function handleDeleteBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const objects = await sc.stack.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  if (objects.rows.length > 0) throw storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
  const r = await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
    if ((await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) throw bucketNotFound();
    await allowDeleteQuery(tx);
    return tx.query('delete from storage.buckets where id = $1', [id]);
  });
  // Visible but not deletable: the DELETE policies refused it (RLS skips the row).
  if (r.rowCount === 0) throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  sendJson(res, 200, { message: 'Successfully deleted' });
}

/** POST /bucket/{id}/empty: removes every object the caller's DELETE policies allow. */
export async function handleEmptyBucket(sc: StorageContext, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const auth = requireAuth(sc, req);
  const exists = await sc.stack.db.query('select 1 from storage.buckets where id = $1', [id]);
  if (exists.rows.length === 0) throw bucketNotFound();
  const r = await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
    if ((await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length === 0) throw bucketNotFound();
    await allowDeleteQuery(tx);
    return tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [id]);
  });
  for (const row of r.rows) await sc.blobs.settle(id, row.name);
  sendJson(res, 200, { message: 'Successfully emptied' });
}
