import path from 'node:path';
import { invalidKey, badRequest } from './errors.ts';

/** Bucket ids as storage-js accepts them, minus anything that could mean something to a filesystem. */
const BUCKET_ID = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;

export function checkBucketId(id: string): string {
  if (!BUCKET_ID.test(id) || id.trim() !== id || id.startsWith('.'))
    throw badRequest(`Invalid bucket name: ${JSON.stringify(id).slice(0, 120)}`);
  return id;
}

// Storage's safe key characters, plus any non-ASCII character (names like "café.png").
const KEY_CHARS = /^[\w/!.*'() &$@=;:+,?\-\u0080-\uFFFF]*$/u;
// C0 controls, DEL and C1 controls (Unicode's Cc category).
const CONTROL = /\p{Cc}/u;

/**
 * An object name ("folder/sub/file.png") or a 400: no empty, "." or ".." segment, no absolute path,
 * no backslash, NUL or control character. What survives is safe to join below a bucket directory.
 */
export function checkObjectName(name: string): string {
  if (typeof name !== 'string' || name.length === 0) throw invalidKey('The object name is empty');
  if (Buffer.byteLength(name) > 1024) throw invalidKey('The object name is longer than 1024 bytes');
  if (name.includes('\\') || CONTROL.test(name) || !KEY_CHARS.test(name))
    throw invalidKey(`Invalid key: ${JSON.stringify(name).slice(0, 200)}`);
  if (name.startsWith('/')) throw invalidKey('The object name must not start with /');
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw invalidKey(`Invalid key: ${JSON.stringify(name).slice(0, 200)}`);
    if (Buffer.byteLength(segment) > 255) throw invalidKey('A path segment is longer than 255 bytes');
  }
  return name;
}

/** Percent-decodes each segment of a raw URL path; a malformed escape is a 400, not a crash. */
export function decodeSegments(raw: string): string[] {
  return raw.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw badRequest('The path is not valid percent-encoding');
    }
  });
}

/**
 * The URL parser in front of us already folded "a/../b"; look at the raw request line so that a
 * traversal attempt is refused rather than silently resolved into another object.
 */
export function rawPathIsSuspicious(rawUrl: string): boolean {
  const rawPath = rawUrl.split('?')[0].split('#')[0];
  if (rawPath.includes('\\') || /%5c/i.test(rawPath)) return true;
  return rawPath.split('/').some((s) => {
    const lowered = s.toLowerCase().replaceAll('%2e', '.');
    return lowered === '.' || lowered === '..';
  });
}

export const isVersion = (v: unknown): v is string =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v);

/** Where the bytes live: `${dataDir}/storage/{bucket}/{name}/{version}` (a directory per key, as Supabase's file backend does). */
export class BlobLayout {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'storage');
  }

  objectDir(bucket: string, name: string): string {
    checkBucketId(bucket);
    checkObjectName(name);
    const bucketDir = path.join(this.root, bucket);
    const dir = path.join(bucketDir, ...name.split('/'));
    // Belt and braces: whatever the checks above missed must still land inside the bucket's folder.
    if (!dir.startsWith(bucketDir + path.sep)) throw invalidKey();
    return dir;
  }

  /** "~" never appears in a key, so a version file cannot collide with a nested object's directory. */
  versionFile(bucket: string, name: string, version: string): string {
    if (!isVersion(version)) throw new Error(`unexpected object version ${JSON.stringify(version)}`);
    return path.join(this.objectDir(bucket, name), `~${version}`);
  }

  bucketDir(bucket: string): string {
    checkBucketId(bucket);
    return path.join(this.root, bucket);
  }
}
