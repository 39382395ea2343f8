import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Service, StackContext } from '../types.ts';
import { sendJson } from '../http.ts';
import { BlobStore } from './blobs.ts';
import type { StorageContext } from './context.ts';
import { invalidKey, storageError, toStorageError } from './errors.ts';
import { checkBucketId, decodeSegments, rawPathIsSuspicious } from './paths.ts';
import { handleUpload } from './upload.ts';
import {
  handleAuthenticatedDownload,
  handleCreateSignedUrl,
  handleCreateSignedUrls,
  handleInfo,
  handlePublicDownload,
  handleSignedDownload,
} from './serve.ts';
import { handleList, handleListV2 } from './list.ts';
import { handleCreateSignedUploadUrl, handleUploadToSignedUrl } from './signed-upload.ts';
import { handleRenderAuthenticated, handleRenderPublic, handleRenderSigned } from './render.ts';
import { handleBulkRemove, handleRemoveOne } from './remove.ts';
import { handleCopy, handleMove } from './transfer.ts';
import {
  handleCreateBucket,
  handleDeleteBucket,
  handleEmptyBucket,
  handleGetBucket,
  handleListBuckets,
  handleUpdateBucket,
} from './buckets.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** `{bucket}/{name...}` from the decoded segments after a route's fixed part. */
function bucketAndName(segments: string[]): { bucket: string; name: string } {
  const [bucket, ...rest] = segments;
  if (!bucket) throw storageError(400, 'Bad Request', 'The bucket name is missing');
  return { bucket: checkBucketId(bucket), name: rest.join('/') };
}

const notFound = () => storageError(404, 'not_found', 'Route not found');

/**
 * Maps a method and a path below /storage/v1 to its handler, as Supabase Storage's routes are laid
 * out (the fixed words - public, authenticated, sign, info, list, move, copy - come first).
 */
function route(sc: StorageContext, method: string, segments: string[]): Handler {
  const [area, ...rest] = segments;
  const read = method === 'GET' || method === 'HEAD';
  if (area === 'bucket') {
    const [id, action, ...extra] = rest;
    if (extra.length > 0) throw notFound();
    if (!id && method === 'GET') return (req, res, url) => handleListBuckets(sc, req, res, url);
    if (!id && method === 'POST') return (req, res) => handleCreateBucket(sc, req, res);
    if (id && action === 'empty' && method === 'POST') return (req, res) => handleEmptyBucket(sc, req, res, id);
    if (id && !action && method === 'GET') return (req, res) => handleGetBucket(sc, req, res, id);
    if (id && !action && method === 'PUT') return (req, res) => handleUpdateBucket(sc, req, res, id);
    if (id && !action && method === 'DELETE') return (req, res) => handleDeleteBucket(sc, req, res, id);
    throw notFound();
  }
  if (area === 'render' && rest[0] === 'image' && read) {
    const [, kind, ...after] = rest;
    const { bucket, name } = bucketAndName(after);
    if (!name) throw notFound();
    if (kind === 'public') return (req, res, url) => handleRenderPublic(sc, req, res, url, bucket, name);
    if (kind === 'authenticated') return (req, res, url) => handleRenderAuthenticated(sc, req, res, url, bucket, name);
    if (kind === 'sign') return (req, res, url) => handleRenderSigned(sc, req, res, url, bucket, name);
    throw notFound();
  }
  if (area !== 'object' || rest.length === 0) throw notFound();
  const [word, ...after] = rest;

  if (word === 'upload' && after[0] === 'sign') {
    const { bucket, name } = bucketAndName(after.slice(1));
    if (!name) throw notFound();
    if (method === 'POST') return (req, res) => handleCreateSignedUploadUrl(sc, req, res, bucket, name);
    if (method === 'PUT') return (req, res, url) => handleUploadToSignedUrl(sc, req, res, url, bucket, name);
    throw notFound();
  }
  if (word === 'list-v2' && method === 'POST' && after.length === 1) {
    const bucket = checkBucketId(after[0]);
    return (req, res) => handleListV2(sc, req, res, bucket);
  }

  if (word === 'public' && read) {
    const { bucket, name } = bucketAndName(after);
    return (req, res, url) => handlePublicDownload(sc, req, res, url, bucket, name);
  }
  if (word === 'authenticated' && read) {
    const { bucket, name } = bucketAndName(after);
    return (req, res, url) => handleAuthenticatedDownload(sc, req, res, url, bucket, name);
  }
  if (word === 'sign') {
    const { bucket, name } = bucketAndName(after);
    if (read) return (req, res, url) => handleSignedDownload(sc, req, res, url, bucket, name);
    if (method === 'POST' && name) return (req, res) => handleCreateSignedUrl(sc, req, res, bucket, name);
    if (method === 'POST') return (req, res) => handleCreateSignedUrls(sc, req, res, bucket);
    throw notFound();
  }
  if (word === 'info' && method === 'GET') {
    const isPublic = after[0] === 'public';
    const { bucket, name } = bucketAndName(after[0] === 'public' || after[0] === 'authenticated' ? after.slice(1) : after);
    return (req, res) => handleInfo(sc, req, res, bucket, name, isPublic);
  }
  if (word === 'list' && method === 'POST' && after.length === 1) {
    const bucket = checkBucketId(after[0]);
    return (req, res) => handleList(sc, req, res, bucket);
  }
  if (word === 'move' && method === 'POST' && after.length === 0) return (req, res) => handleMove(sc, req, res);
  if (word === 'copy' && method === 'POST' && after.length === 0) return (req, res) => handleCopy(sc, req, res);

  const { bucket, name } = bucketAndName(rest);
  if (method === 'DELETE')
    return name ? (req, res) => handleRemoveOne(sc, req, res, bucket, name) : (req, res) => handleBulkRemove(sc, req, res, bucket);
  if (!name) throw notFound();
  if (method === 'POST' || method === 'PUT') return (req, res) => handleUpload(sc, req, res, bucket, name);
  if (read) return (req, res, url) => handleAuthenticatedDownload(sc, req, res, url, bucket, name);
  throw notFound();
}

/** The Supabase-Storage-compatible service mounted at /storage/v1. */
export function createStorageService(ctx: StackContext): Service {
  const sc: StorageContext = { stack: ctx, blobs: new BlobStore(ctx.config.dataDir, ctx.db) };
  return {
    async handle(req, res, path, url) {
      const method = (req.method ?? 'GET').toUpperCase();
      try {
        if (rawPathIsSuspicious(req.url ?? '')) throw invalidKey('The path must not contain "." or ".." segments or backslashes');
        if (path === '/' || path === '/status' || path === '/health') {
          sendJson(res, 200, { status: 'ok' });
          return;
        }
        // Raw segments keep an encoded "/" inside a name ("a%2F..%2Fb") apart until each is checked.
        const segments = decodeSegments(path.replace(/^\/+/, ''));
        await route(sc, method, segments)(req, res, url);
      } catch (e) {
        const err = toStorageError(e);
        if (err) {
          sendJson(res, err.status, err.body, err.headers);
          return;
        }
        ctx.log(`storage: unexpected error on ${method} ${url.pathname}: ${(e as Error)?.stack ?? String(e)}`);
        if (!res.headersSent) sendJson(res, 500, { statusCode: '500', error: 'internal', message: 'Internal Server Error' });
        else res.destroy();
      }
    },
  };
}
