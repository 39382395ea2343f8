import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sharp as SharpPipeline, SharpOptions } from 'sharp';
import { JwtError, verifyJwt } from '../jwt.ts';
import { loadBucket, type StorageContext } from './context.ts';
import { badRequest, objectNotFound, storageError } from './errors.ts';
import { checkObjectName } from './paths.ts';
import { selectAsCaller, selectAsOwner, type ObjectRow } from './serve.ts';

/**
 * Supabase Storage's image transformations (GET /render/image/{public|authenticated|sign}/...):
 * width, height (1-2500), resize (cover | contain | fill), quality (20-100, default 80) and format
 * (`origin` keeps the stored format, `webp` / `avif` convert; without it WebP when the client
 * accepts it, as hosted does). Every rendered image says what was applied in X-Transformations.
 * Rendered with sharp (libvips, shipped in npm packages); without it the routes answer a clear 501.
 */
type Sharp = ((input: Buffer, options?: SharpOptions) => SharpPipeline) & {
  concurrency(threads: number): number;
  cache(enabled: boolean): unknown;
};
let sharpLoad: Promise<Sharp | undefined> | undefined;
function loadSharp(): Promise<Sharp | undefined> {
  sharpLoad ??= import('sharp').then(
    (m) => {
      const sharp = (m as unknown as { default: Sharp }).default ?? (m as unknown as Sharp);
      sharp.concurrency(1); // a shared 2-core machine: one libvips thread per render
      sharp.cache(false);
      return sharp;
    },
    () => undefined,
  );
  return sharpLoad;
}

const RENDERABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
const FORMAT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/avif',
};

export interface Transform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  /** As asked (the rendering's default is 80). */
  quality?: number;
  format: 'origin' | 'auto' | 'webp' | 'avif';
}

function dimension(q: URLSearchParams, key: string): number | undefined {
  const v = q.get(key);
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 2500) throw badRequest(`${key} must be a whole number between 1 and 2500`);
  return n;
}

function parseTransform(q: URLSearchParams): Transform {
  const resize = q.get('resize') ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw badRequest('resize must be cover, contain or fill');
  const qv = q.get('quality');
  const quality = qv === null || qv === '' ? undefined : Number(qv);
  if (quality !== undefined && (!Number.isInteger(quality) || quality < 20 || quality > 100))
    throw badRequest('quality must be a whole number between 20 and 100');
  const format = q.get('format') ?? 'auto';
  if (format !== 'origin' && format !== 'auto' && format !== 'webp' && format !== 'avif')
    throw badRequest('format must be origin, avif or webp');
  return { width: dimension(q, 'width'), height: dimension(q, 'height'), resize, quality, format };
}

const RESIZING_TYPE = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * X-Transformations as hosted Storage sends it with every rendered image: the imgproxy options it
 * applied (height, width, resizing_type, quality and format, each only when asked for).
 */
function transformationsHeader(t: Transform): string {
  const parts: string[] = [];
  if (t.height !== undefined) parts.push(`height:${t.height}`);
  if (t.width !== undefined) parts.push(`width:${t.width}`);
  if (t.width !== undefined || t.height !== undefined) parts.push(`resizing_type:${RESIZING_TYPE[t.resize]}`);
  if (t.quality !== undefined) parts.push(`quality:${t.quality}`);
  if (t.format === 'webp' || t.format === 'avif') parts.push(`format:${t.format}`);
  return parts.join(',');
}

/**
 * A signed render token's `transformations` claim, in Storage's form ("height:100,width:100,
 * resize:cover,quality:80,format:webp"), as transform options. Tokens signed as a query string
 * (width=..&height=..) are read too.
 */
function transformFromClaim(claim: string): Transform {
  if (claim.includes('=')) return parseTransform(new URLSearchParams(claim));
  const q = new URLSearchParams();
  for (const part of claim.split(',')) {
    const [name, value] = part.split(':');
    if (value !== undefined && value !== '' && ['height', 'width', 'resize', 'quality', 'format'].includes(name)) q.set(name, value);
  }
  return parseTransform(q);
}

async function sendRendered(sc: StorageContext, req: IncomingMessage, res: ServerResponse, row: ObjectRow, t: Transform): Promise<void> {
  const sharp = await loadSharp();
  if (!sharp) throw storageError(501, 'NotImplemented', 'Image transformation is not available: the sharp package is not installed');
  const meta = row.metadata ?? {};
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  if (!RENDERABLE.has(mimetype)) throw storageError(422, 'InvalidRequest', `Image transformation does not support ${mimetype}`);
  const blob = await sc.blobs.open(row.bucket_id, row.name, row.version);
  if (!blob) throw objectNotFound();
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream()) chunks.push(chunk as Buffer);
  const input = Buffer.concat(chunks);
  const webp = t.format === 'webp' || (t.format === 'auto' && /image\/webp/i.test(String(req.headers.accept ?? '')));
  let out: { data: Buffer; info: { format: string } };
  try {
    let img = sharp(input, { limitInputPixels: 50_000_000, animated: false }).rotate();
    if (t.width !== undefined || t.height !== undefined)
      img = img.resize({ width: t.width, height: t.height, fit: t.resize, withoutEnlargement: false });
    const origin: Record<string, 'png' | 'jpeg' | 'gif' | 'webp' | 'avif'> = {
      'image/png': 'png',
      'image/jpeg': 'jpeg',
      'image/gif': 'gif',
      'image/webp': 'webp',
      'image/avif': 'avif',
    };
    const target = t.format === 'avif' ? 'avif' : webp ? 'webp' : origin[mimetype];
    img = target === 'png' ? img.png() : target === 'gif' ? img.gif() : img.toFormat(target, { quality: t.quality ?? 80 });
    out = await img.toBuffer({ resolveWithObject: true });
  } catch {
    throw storageError(422, 'InvalidRequest', 'The image could not be transformed');
  }
  const type = FORMAT_TYPES[out.info.format] ?? 'application/octet-stream';
  const applied = transformationsHeader(t);
  res.writeHead(200, {
    ...(applied ? { 'X-Transformations': applied } : {}),
    'Content-Type': type,
    'Content-Length': String(out.data.length),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'Content-Disposition': 'inline',
    Vary: 'Accept',
  });
  res.end(req.method === 'HEAD' ? undefined : out.data);
}

/** GET /render/image/public/{bucket}/{name}: public buckets only. */
export async function handleRenderPublic(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
): Promise<void> {
  const t = parseTransform(url.searchParams);
  const bucket = await loadBucket(sc, bucketId);
  checkObjectName(name);
  if (!bucket.public) throw objectNotFound();
  await sendRendered(sc, req, res, await selectAsOwner(sc, bucket.id, name), t);
}

/** GET /render/image/authenticated/{bucket}/{name}: storage.objects SELECT policies decide. */
export async function handleRenderAuthenticated(
  sc: StorageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucketId: string,
  name: string,
): Promise<void> {
  const t = parseTransform(url.searchParams);
  await sendRendered(sc, req, res, await selectAsCaller(sc, req, bucketId, name), t);
}

/** GET /render/image/sign/{bucket}/{name}?token=...: the transformations come from the token. */
export async function handleRenderSigned(
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
  if (claims.url !== `${bucketId}/${name}` || typeof claims.transformations !== 'string')
    throw storageError(400, 'InvalidSignature', 'The url do not match the signature');
  const t = transformFromClaim(claims.transformations);
  await loadBucket(sc, bucketId);
  await sendRendered(sc, req, res, await selectAsOwner(sc, bucketId, name), t);
}
