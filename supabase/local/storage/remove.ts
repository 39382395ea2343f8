import type { IncomingMessage, ServerResponse } from 'node:http';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import { allowDeleteQuery, loadBucket, readJsonObject, requireAuth, type StorageContext } from './context.ts';
import { badRequest, objectNotFound } from './errors.ts';
import { checkObjectName } from './paths.ts';

interface DeletedRow {
  name: string;
  [column: string]: unknown;
}

const RETURNED = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** Deletes, as the caller, the rows of `names` its DELETE (and SELECT) policies allow; then their bytes. */
async function removeObjects(sc: StorageContext, req: IncomingMessage, bucketId: string, names: string[]): Promise<DeletedRow[]> {
  const auth = requireAuth(sc, req);
  await loadBucket(sc, bucketId);
  const r = await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
    await allowDeleteQuery(tx);
    return tx.query<DeletedRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${RETURNED}`, [
      bucketId,
      names,
    ]);
  });
  for (const row of r.rows) await sc.blobs.settle(bucketId, row.name);
  return r.rows;
}

/**
 * DELETE /object/{bucket} {prefixes: [...]}: what storage-js `remove()` sends. Answers the rows
 * actually removed; objects the policies protect are silently left alone, as in Supabase.
 */
export async function handleBulkRemove(sc: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string): Promise<void> {
  requireAuth(sc, req);
  const body = await readJsonObject(sc, req);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
    throw badRequest('body/prefixes must be an array of 1 to 1000 strings');
  }
  sendJson(res, 200, await removeObjects(sc, req, bucketId, prefixes));
}

/** DELETE /object/{bucket}/{name}: one object, 404 when nothing the caller may delete is there. */
export async function handleRemoveOne(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
): Promise<void> {
  requireAuth(sc, req);
  checkObjectName(name);
  const removed = await removeObjects(sc, req, bucketId, [name]);
  if (removed.length === 0) throw objectNotFound();
  sendJson(res, 200, { message: 'Successfully deleted' });
}
