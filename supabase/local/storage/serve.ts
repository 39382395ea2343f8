import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { asRole } from '../db/index.ts';
import { sendJson } from '../http.ts';
import { signJwt, verifyJwt, JwtError } from '../jwt.ts';
import { loadBucket, readJsonObject, requireAuth, type StorageContext } from './context.ts';
import { badRequest, objectNotFound, storageError } from './errors.ts';
import { checkObjectName } from './paths.ts';
import { INLINE_SAFE_TYPES } from './sniff.ts';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_accessed_at: Date | string;
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/** The row as the caller may see it (storage.objects SELECT policies), or 404. */
export async function selectAsCaller(sc: StorageContext, req: IncomingMessage, bucketId: string, name: string): Promise<ObjectRow> {
  const auth = requireAuth(sc, req);
  checkObjectName(name);
  await loadBucket(sc, bucketId);
  const r = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]),
  );
  if (!r.rows[0]) throw objectNotFound();
  return r.rows[0];
}

/** The row read as the owner: for public buckets and signed URLs, where the bucket or the token grants access. */
export async function selectAsOwner(sc: StorageContext, bucketId: string, name: string): Promise<ObjectRow> {
  checkObjectName(name);
  const r = await sc.stack.db.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
    bucketId,
    name,
  ]);
  if (!r.rows[0]) throw objectNotFound();
  return r.rows[0];
}

/** `attachment; filename="..."` with an RFC 5987 UTF-8 copy: quotes, control characters and non-ASCII never reach the header raw. */
function attachment(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends an object's bytes with the type sniffed at upload, never sniffable by the browser
 * (nosniff), sandboxed (CSP), and as a download unless it is a raster image: an SVG or HTML file
 * in a bucket is never rendered as a page of this origin.
 */
async function sendObject(sc: StorageContext, req: IncomingMessage, res: ServerResponse, row: ObjectRow, url: URL): Promise<void> {
  const blob = await sc.blobs.open(row.bucket_id, row.name, row.version);
  if (!blob) throw objectNotFound();
  const meta = row.metadata ?? {};
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  const eTag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const cacheControl = typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache';
  const basename = row.name.split('/').pop() ?? row.name;
  const download = url.searchParams.get('download');
  const headers: Record<string, string> = {
    'Content-Type': mimetype,
    'Content-Length': String(blob.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': cacheControl,
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'Accept-Ranges': 'none',
  };
  if (eTag) headers.ETag = eTag;
  if (download !== null) headers['Content-Disposition'] = attachment(download || basename);
  else if (!INLINE_SAFE_TYPES.has(mimetype)) headers['Content-Disposition'] = attachment(basename);
  else headers['Content-Disposition'] = 'inline';

  if (eTag && req.headers['if-none-match'] === eTag) {
    delete headers['Content-Length'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(blob.stream(), res).catch(() => undefined); // the client went away mid-download
}

/** GET|HEAD /object/public/{bucket}/{name}: no token needed, public buckets only. */
export async function handlePublicDownload(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
): Promise<void> {
  const bucket = await loadBucket(sc, bucketId);
  checkObjectName(name);
  if (!bucket.public) throw objectNotFound();
  await sendObject(sc, req, res, await selectAsOwner(sc, bucket.id, name), url);
}

/** GET|HEAD /object/{bucket}/{name} and /object/authenticated/...: storage.objects SELECT policies decide. */
export async function handleAuthenticatedDownload(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
): Promise<void> {
  await sendObject(sc, req, res, await selectAsCaller(sc, req, bucketId, name), url);
}

/** GET /object/info/[public|authenticated/]{bucket}/{name}: what storage-js `info()` reads. */
export async function handleInfo(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
  isPublic: boolean,
): Promise<void> {
  let row: ObjectRow;
  if (isPublic) {
    const bucket = await loadBucket(sc, bucketId);
    if (!bucket.public) throw objectNotFound();
    row = await selectAsOwner(sc, bucketId, name);
  } else {
    row = await selectAsCaller(sc, req, bucketId, name);
  }
  const meta = row.metadata ?? {};
  sendJson(res, 200, {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: meta.lastModified ?? null,
    created_at: row.created_at,
  });
}

// ---- signed URLs -------------------------------------------------------------------------------

function expiresInFrom(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10 * 365 * 24 * 3600)
    throw badRequest('body/expiresIn must be a positive whole number of seconds');
  return n;
}

function signedPath(sc: StorageContext, bucketId: string, name: string, expiresIn: number, transform?: Record<string, unknown>): string {
  const now = Math.floor(sc.stack.config.now() / 1000);
  // A token without a `role` claim: it opens this one object and is refused as an API key.
  // With `transform` (storage-js createSignedUrl's option) it opens the rendered image instead,
  // as hosted Storage signs it: a render URL only when some option was given.
  const transformations = transform ? transformClaim(transform) : '';
  const token = signJwt(
    { url: `${bucketId}/${name}`, ...(transformations !== '' ? { transformations } : {}), iat: now, exp: now + expiresIn },
    sc.stack.config.jwtSecret,
  );
  return `/${transformations !== '' ? 'render/image' : 'object'}/sign/${bucketId}/${name}?token=${token}`;
}

/** The transform options kept in the render token, in Storage's form: "height:32,width:64,resize:cover,quality:80". */
function transformClaim(transform: Record<string, unknown>): string {
  const value = (key: string) => {
    const v = transform[key];
    return typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : undefined;
  };
  const parts: string[] = [];
  for (const key of ['height', 'width']) if (value(key) !== undefined) parts.push(`${key}:${value(key)}`);
  if (parts.length > 0 && value('resize') !== undefined) parts.push(`resize:${value('resize')}`);
  if (value('quality') !== undefined) parts.push(`quality:${value('quality')}`);
  if (value('format') !== undefined && value('format') !== 'origin') parts.push(`format:${value('format')}`);
  return parts.join(',');
}

/** POST /object/sign/{bucket}/{name} {expiresIn}: the caller must be allowed to read the object now. */
export async function handleCreateSignedUrl(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
  name: string,
): Promise<void> {
  const body = await readJsonObject(sc, req);
  const expiresIn = expiresInFrom(body);
  const transform =
    body.transform && typeof body.transform === 'object' && !Array.isArray(body.transform)
      ? (body.transform as Record<string, unknown>)
      : undefined;
  await selectAsCaller(sc, req, bucketId, name);
  sendJson(res, 200, { signedURL: signedPath(sc, bucketId, name, expiresIn, transform) });
}

/** POST /object/sign/{bucket} {expiresIn, paths}: one entry per path, an error for those the caller may not read. */
export async function handleCreateSignedUrls(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  bucketId: string,
): Promise<void> {
  const auth = requireAuth(sc, req);
  const body = await readJsonObject(sc, req);
  const expiresIn = expiresInFrom(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000 || !paths.every((p) => typeof p === 'string'))
    throw badRequest('body/paths must be an array of 1 to 1000 strings');
  await loadBucket(sc, bucketId);
  const visible = await asRole(sc.stack.db, auth.role, auth.claims, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]),
  );
  const names = new Set(visible.rows.map((r) => r.name));
  sendJson(
    res,
    200,
    paths.map((p) =>
      names.has(p)
        ? { error: null, path: p, signedURL: signedPath(sc, bucketId, p, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
    ),
  );
}

/** GET|HEAD /object/sign/{bucket}/{name}?token=...: the token, not the caller, grants access. */
export async function handleSignedDownload(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
): Promise<void> {
  const token = url.searchParams.get('token');
  if (!token) throw storageError(400, 'InvalidJWT', "querystring must have required property 'token'");
  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(token, sc.stack.config.jwtSecret, sc.stack.config.now());
  } catch (e) {
    throw storageError(400, 'InvalidJWT', e instanceof JwtError && e.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  }
  // A signed upload token (purpose) or an image-render token (transformations) opens nothing here.
  if (claims.url !== `${bucketId}/${name}` || claims.purpose !== undefined || claims.transformations !== undefined)
    throw storageError(400, 'InvalidSignature', 'The url do not match the signature');
  await loadBucket(sc, bucketId);
  await sendObject(sc, req, res, await selectAsOwner(sc, bucketId, name), url);
}
