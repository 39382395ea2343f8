import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { asRole } from '../db/index.ts';
import { readBody, sendJson, type RequestAuth } from '../http.ts';
import { loadBucket, ownerOf, requireAuth, type Bucket, type StorageContext } from './context.ts';
import { badRequest, duplicateObject, invalidMimeType, payloadTooLarge, rlsRefused } from './errors.ts';
import { checkObjectName } from './paths.ts';
import { mimeAllowed, sniffMimeType } from './sniff.ts';

interface UploadBody {
  bytes: Buffer;
  declaredType?: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const DEFAULT_CACHE_CONTROL = 'no-cache';
/** Bytes a multipart body may carry besides the file (boundaries, cacheControl, metadata). */
const MULTIPART_SLACK = 1024 * 1024;

/** "3600" (what storage-js sends in a form) or a Cache-Control value; anything odd falls back to the default. */
function cacheControlFrom(value: string | null | undefined): string {
  const v = value?.trim();
  if (!v) return DEFAULT_CACHE_CONTROL;
  if (/^\d{1,10}$/.test(v)) return `max-age=${v}`;
  return /^[\w\-=, ]{1,200}$/.test(v) ? v : DEFAULT_CACHE_CONTROL;
}

function parseUserMetadata(json: string | null | undefined): Record<string, unknown> | null {
  if (json === null || json === undefined || json === '') return null;
  try {
    const v: unknown = JSON.parse(json);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* falls through to the 400 */
  }
  throw badRequest('metadata must be a JSON object');
}

/** What storage-js sends: a multipart form (Blob/File/FormData: a cacheControl field and one file) or the raw bytes. */
async function parseUploadBody(req: IncomingMessage, raw: Buffer): Promise<UploadBody> {
  const contentType = req.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.length),
      }).formData();
    } catch {
      throw badRequest('The multipart body could not be parsed');
    }
    let file: File | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw badRequest('No file was found in the multipart body');
    const cacheField = form.get('cacheControl');
    const metaField = form.get('metadata');
    return {
      bytes: Buffer.from(await file.arrayBuffer()),
      declaredType: file.type || undefined,
      cacheControl: cacheControlFrom(typeof cacheField === 'string' ? cacheField : undefined),
      userMetadata: parseUserMetadata(typeof metaField === 'string' ? metaField : undefined),
    };
  }
  const metaHeader = req.headers['x-metadata'];
  let metaJson: string | undefined;
  if (typeof metaHeader === 'string' && metaHeader) metaJson = Buffer.from(metaHeader, 'base64').toString('utf8');
  return {
    bytes: raw,
    declaredType: contentType || undefined,
    cacheControl: cacheControlFrom(req.headers['cache-control']),
    userMetadata: parseUserMetadata(metaJson),
  };
}

/** The bucket's limits, applied to what the bytes are (sniffed), never to what the client says they are. */
export function enforceBucketLimits(bucket: Bucket, size: number, mimetype: string): void {
  if (bucket.file_size_limit !== null && size > bucket.file_size_limit) throw payloadTooLarge();
  if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) throw invalidMimeType(mimetype);
}

function objectMetadata(bytes: Buffer, mimetype: string, cacheControl: string) {
  return {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
}

export const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** Who writes: the role and claims the row statement runs with, and the owner columns it sets. */
export interface Writer {
  role: RequestAuth['role'];
  claims: RequestAuth['claims'];
  owner: string | null;
  ownerId: string | null;
}

/**
 * POST /object/{bucket}/{name} (x-upsert: true to overwrite) and PUT (overwrite). The row statement
 * runs as the caller, so storage.objects' policies decide: INSERT for a new object, UPDATE for an
 * overwrite. The bytes are written inside that transaction, after the statement succeeded.
 */
export async function handleUpload(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  rawName: string,
): Promise<void> {
  const auth = requireAuth(sc, req);
  const upsert = req.method === 'PUT' || String(req.headers['x-upsert']).toLowerCase() === 'true';
  const { owner, ownerId } = ownerOf(auth);
  const out = await storeObject(sc, req, bucketId, rawName, { role: auth.role, claims: auth.claims, owner, ownerId }, upsert);
  sendJson(res, 200, out);
}

/** Reads, sniffs, checks and stores one upload as `writer`; answers `{Key, Id}` as Storage does. */
export async function storeObject(
  sc: StorageContext,
  req: IncomingMessage,
  bucketId: string,
  rawName: string,
  writer: Writer,
  upsert: boolean,
): Promise<{ Key: string; Id: string }> {
  const name = checkObjectName(rawName);
  const bucket = await loadBucket(sc, bucketId);
  // Refuse early what cannot fit: the bucket's limit plus room for a multipart envelope.
  const maxBody = sc.stack.config.maxUploadBody;
  const bodyCap = bucket.file_size_limit === null ? maxBody : Math.min(maxBody, bucket.file_size_limit + MULTIPART_SLACK);
  const raw = await readBody(req, bodyCap);
  const body = await parseUploadBody(req, raw);
  const mimetype = sniffMimeType(body.bytes, body.declaredType);
  enforceBucketLimits(bucket, body.bytes.length, mimetype);

  const metadata = objectMetadata(body.bytes, mimetype, body.cacheControl);
  const { owner, ownerId } = writer;
  const version = randomUUID();
  const file = sc.blobs.fileFor(bucket.id, name, version);

  // Whether to INSERT or UPDATE is decided on what exists (read as the owner); the statement itself
  // runs as the caller, so a hidden row in someone else's folder is still refused by the policies.
  const existing = upsert
    ? (await sc.stack.db.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [bucket.id, name]))
        .rows[0]
    : undefined;

  sc.blobs.reserve(file);
  let id: string;
  try {
    id = await asRole(sc.stack.db, writer.role, writer.claims, async (tx) => {
      let rowId: string;
      if (existing) {
        const r = await tx.query(
          `update storage.objects set metadata = $3::jsonb, user_metadata = $4::jsonb, version = $5, owner = $6, owner_id = $7, updated_at = now(), last_accessed_at = now()
           where bucket_id = $1 and name = $2`,
          [bucket.id, name, JSON.stringify(metadata), jsonOrNull(body.userMetadata), version, owner, ownerId],
        );
        // UPDATE under RLS skips rows the policies hide instead of failing: 0 rows is a refusal.
        if (r.rowCount === 0) throw rlsRefused();
        rowId = existing.id;
      } else {
        rowId = randomUUID();
        // No RETURNING: like Supabase, an upload needs the INSERT policy only, not SELECT.
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
          [rowId, bucket.id, name, owner, ownerId, JSON.stringify(metadata), jsonOrNull(body.userMetadata), version],
        );
      }
      await sc.blobs.write(file, body.bytes);
      return rowId;
    });
  } catch (e) {
    await sc.blobs.discard(file);
    if (e instanceof Error && (e as { code?: string }).code === '23505') throw duplicateObject();
    throw e;
  } finally {
    sc.blobs.release(file);
  }
  await sc.blobs.settle(bucket.id, name);
  return { Key: `${bucket.id}/${name}`, Id: id };
}
