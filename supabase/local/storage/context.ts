import type { IncomingMessage } from 'node:http';
import type { StackContext } from '../types.ts';
import { authenticate, readJson, type RequestAuth } from '../http.ts';
import type { BlobStore } from './blobs.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, bucketNotFound } from './errors.ts';

export interface StorageContext {
  stack: StackContext;
  blobs: BlobStore;
}

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The verified caller (anon key, a user's access token, or the service role key). */
export function requireAuth(sc: StorageContext, req: IncomingMessage): RequestAuth {
  return authenticate(req, sc.stack.config.jwtSecret, sc.stack.config.now());
}

/** Bucket settings, read as the owner: limits and visibility apply whoever asks. */
export async function loadBucket(sc: StorageContext, id: string): Promise<Bucket> {
  const r = await sc.stack.db.query<Bucket>(
    'select id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1',
    [id],
  );
  const bucket = r.rows[0];
  if (!bucket) throw bucketNotFound();
  // node-postgres hands bigint back as a string; PGlite as a number.
  return { ...bucket, file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit) };
}

/** A JSON object body, or a 400 naming what is wrong. */
export async function readJsonObject(sc: StorageContext, req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJson(req, sc.stack.config.maxJsonBody);
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be object');
  return body as Record<string, unknown>;
}

export function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`body/${key} must be string`);
  return v;
}

export function requiredString(body: Record<string, unknown>, key: string): string {
  const v = optionalString(body, key);
  if (v === undefined || v === '') throw badRequest(`body must have required property '${key}'`);
  return v;
}

export function optionalInt(body: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw badRequest(`body/${key} must be an integer between ${min} and ${max}`);
  return n;
}

/** Owner columns as Supabase Storage fills them: `owner` only when the subject is a uuid. */
export function ownerOf(auth: RequestAuth): { owner: string | null; ownerId: string | null } {
  const sub = typeof auth.claims.sub === 'string' && auth.claims.sub ? auth.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}

/**
 * What the Storage API does before its own DELETEs: hosted storage's protect_delete trigger
 * (bootstrap.sql) refuses a plain SQL DELETE on storage.objects/buckets otherwise.
 */
export async function allowDeleteQuery(tx: Queryable): Promise<void> {
  await tx.query("select set_config('storage.allow_delete_query', 'true', true)");
}
