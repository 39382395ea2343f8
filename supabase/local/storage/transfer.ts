import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import {
  loadBucket,
  optionalString,
  ownerOf,
  readJsonObject,
  requireAuth,
  requiredString,
  type Bucket,
  type StorageContext,
} from './context.ts';
import { objectNotFound } from './errors.ts';
import { checkBucketId, checkObjectName, isVersion } from './paths.ts';
import { enforceBucketLimits, jsonOrNull } from './upload.ts';

interface TransferRequest {
  from: Bucket;
  to: Bucket;
  sourceKey: string;
  destinationKey: string;
}

async function parseTransfer(sc: StorageContext, req: IncomingMessage): Promise<TransferRequest> {
  const body = await readJsonObject(sc, req);
  const bucketId = checkBucketId(requiredString(body, 'bucketId'));
  const sourceKey = checkObjectName(requiredString(body, 'sourceKey'));
  const destinationKey = checkObjectName(requiredString(body, 'destinationKey'));
  const destinationBucket = optionalString(body, 'destinationBucket');
  const from = await loadBucket(sc, bucketId);
  const to = destinationBucket ? await loadBucket(sc, checkBucketId(destinationBucket)) : from;
  return { from, to, sourceKey, destinationKey };
}

interface SourceRow {
  id: string;
  version: string | null;
  metadata: { size?: number; mimetype?: string } | null;
  user_metadata: unknown;
}

/** The destination bucket's limits still hold for an object that arrives by move or copy. */
function enforceDestinationLimits(t: TransferRequest, src: SourceRow): void {
  if (t.to.id === t.from.id) return;
  enforceBucketLimits(t.to, Number(src.metadata?.size ?? 0), src.metadata?.mimetype ?? 'application/octet-stream');
}

/**
 * POST /object/move {bucketId, sourceKey, destinationKey, destinationBucket?}: an UPDATE of the row
 * as the caller (the UPDATE policy must accept both the old and the new name).
 */
export async function handleMove(sc: StorageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = requireAuth(sc, req);
  const t = await parseTransfer(sc, req);
  const src = (
    await sc.stack.db.query<SourceRow>(
      'select id, version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
      [t.from.id, t.sourceKey],
    )
  ).rows[0];
  if (!src || !isVersion(src.version)) throw objectNotFound();
  enforceDestinationLimits(t, src);
  const oldFile = sc.blobs.fileFor(t.from.id, t.sourceKey, src.version);
  const newFile = sc.blobs.fileFor(t.to.id, t.destinationKey, src.version);
  sc.blobs.reserve(newFile);
  try {
    await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
      const r = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
         where bucket_id = $1 and name = $2 and version = $5`,
        [t.from.id, t.sourceKey, t.to.id, t.destinationKey, src.version],
      );
      if (r.rowCount === 0) throw objectNotFound();
      await sc.blobs.duplicate(oldFile, newFile);
    });
  } catch (e) {
    await sc.blobs.discard(newFile);
    throw e;
  } finally {
    sc.blobs.release(newFile);
  }
  await sc.blobs.settle(t.from.id, t.sourceKey);
  sendJson(res, 200, { message: 'Successfully moved' });
}

/** POST /object/copy: SELECT on the source and INSERT on the destination, both as the caller. */
export async function handleCopy(sc: StorageContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = requireAuth(sc, req);
  const t = await parseTransfer(sc, req);
  const { owner, ownerId } = ownerOf(auth);
  const version = randomUUID();
  const newFile = sc.blobs.fileFor(t.to.id, t.destinationKey, version);
  const id = randomUUID();
  sc.blobs.reserve(newFile);
  try {
    await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
      const src = (
        await tx.query<SourceRow>('select id, version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2', [
          t.from.id,
          t.sourceKey,
        ])
      ).rows[0];
      if (!src || !isVersion(src.version)) throw objectNotFound();
      enforceDestinationLimits(t, src);
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
        [
          id,
          t.to.id,
          t.destinationKey,
          owner,
          ownerId,
          jsonOrNull({ ...src.metadata, lastModified: new Date().toISOString() }),
          jsonOrNull(src.user_metadata),
          version,
        ],
      );
      await sc.blobs.duplicate(sc.blobs.fileFor(t.from.id, t.sourceKey, src.version), newFile);
    });
  } catch (e) {
    await sc.blobs.discard(newFile);
    throw e;
  } finally {
    sc.blobs.release(newFile);
  }
  sendJson(res, 200, { Key: `${t.to.id}/${t.destinationKey}`, Id: id, name: t.destinationKey, bucket_id: t.to.id });
}
