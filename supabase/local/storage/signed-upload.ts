import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import { JwtError, signJwt, verifyJwt } from '../jwt.ts';
import { loadBucket, ownerOf, requireAuth, type StorageContext } from './context.ts';
import { duplicateObject, rlsRefused, storageError } from './errors.ts';
import { checkObjectName } from './paths.ts';
import { storeObject } from './upload.ts';

/** Hosted Storage's signed upload URLs live two hours. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/** Thrown inside the permission probe's transaction so it always rolls back. */
class ProbeDone extends Error {}

/**
 * POST /object/upload/sign/{bucket}/{name} (storage-js createSignedUploadUrl; x-upsert: true to
 * allow an overwrite). As in hosted Storage the caller's storage.objects policies are checked now
 * (a probe INSERT, or UPDATE for an overwrite, rolled back); the upload later runs with the
 * token's owner, without a session.
 */
export async function handleCreateSignedUploadUrl(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const auth = requireAuth(sc, req);
  const name = checkObjectName(rawName);
  const bucket = await loadBucket(sc, bucketId);
  const upsert = String(req.headers['x-upsert']).toLowerCase() === 'true';
  const { owner, ownerId } = ownerOf(auth);
  const existing =
    (await sc.stack.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket.id, name])).rows.length > 0;
  if (existing && !upsert) throw duplicateObject();
  try {
    await asRole(sc.stack.db, auth.role, auth.claims, async (tx) => {
      if (existing) {
        const r = await tx.query('update storage.objects set updated_at = now() where bucket_id = $1 and name = $2', [bucket.id, name]);
        if (r.rowCount === 0) throw rlsRefused();
      } else {
        await tx.query('insert into storage.objects (id, bucket_id, name, owner, owner_id) values ($1, $2, $3, $4, $5)', [
          randomUUID(),
          bucket.id,
          name,
          owner,
          ownerId,
        ]);
      }
      throw new ProbeDone();
    });
  } catch (e) {
    if (!(e instanceof ProbeDone)) throw e;
  }
  const now = Math.floor(sc.stack.config.now() / 1000);
  const token = signJwt(
    {
      url: `${bucket.id}/${name}`,
      owner: ownerId ?? undefined,
      upsert,
      purpose: 'signed-upload',
      iat: now,
      exp: now + SIGNED_UPLOAD_SECONDS,
    },
    sc.stack.config.jwtSecret,
  );
  const path = `${bucket.id}/${name}`.split('/').map(encodeURIComponent).join('/');
  sendJson(res, 200, { url: `/object/upload/sign/${path}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{name}?token=... (storage-js uploadToSignedUrl): no session needed. */
export async function handleUploadToSignedUrl(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const name = checkObjectName(rawName);
  const token = url.searchParams.get('token');
  if (!token) throw storageError(400, 'InvalidSignature', 'Missing token');
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(token, sc.stack.config.jwtSecret, sc.stack.config.now());
  } catch (e) {
    if (e instanceof JwtError && e.reason === 'expired') throw storageError(400, 'InvalidSignature', 'jwt expired');
    throw storageError(400, 'InvalidSignature', 'invalid signature');
  }
  if (claims.purpose !== 'signed-upload' || claims.url !== `${bucketId}/${name}`)
    throw storageError(400, 'InvalidSignature', 'The url do not match the signature');
  const ownerId = typeof claims.owner === 'string' ? claims.owner : null;
  const isUuid = ownerId !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ownerId);
  // The permission was checked when the URL was signed; the write itself is the server's.
  const out = await storeObject(
    sc,
    req,
    bucketId,
    name,
    { role: 'service_role', claims: { role: 'service_role' }, owner: isUuid ? ownerId : null, ownerId },
    claims.upsert === true,
  );
  sendJson(res, 200, out);
}
