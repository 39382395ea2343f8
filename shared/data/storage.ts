import { ICON_MIME_TYPES, MAX_UPLOAD_BYTES, BACKGROUND_MIME_PREFIX, type StorageBucket } from '../constants.ts';
import type { DataClient } from './client.ts';
import { LINK_MESSAGES } from '../messages.ts';
import { CLIENT_ERROR_CODES, clientError, toDataError } from './errors.ts';

/** What an upload needs from a File/Blob (a Blob has no name; the type gives the extension). */
export interface UploadFile {
  readonly type: string;
  readonly size: number;
  readonly name?: string;
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
};

/** The file extension to store: from the MIME type when known, else the file name's (letters/digits only). */
export function extensionFor(file: UploadFile): string {
  const known = EXTENSION_BY_TYPE[file.type];
  if (known) return known;
  const fromName = file.name?.split('.').pop()?.toLowerCase() ?? '';
  return /^[a-z0-9]{1,8}$/.test(fromName) ? fromName : 'bin';
}

/** The object path `{userId}/{timestamp}.{ext}` (part 1 §3); a prefix folder goes in front when given. */
function objectPath(userId: string, file: UploadFile, now: number = Date.now()): string {
  return `${userId}/${now}.${extensionFor(file)}`;
}

export type FileKind = 'icon' | 'background';

/**
 * Client-side checks (part 1 §5 'Files'): the toast for a refused file, or null when it is fine.
 * The bucket limits enforce the same on the server.
 */
export function uploadFileProblem(file: UploadFile, kind: FileKind): { title: string; description: string } | null {
  const typeOk =
    kind === 'icon' ? (ICON_MIME_TYPES as readonly string[]).includes(file.type) : file.type.startsWith(BACKGROUND_MIME_PREFIX);
  if (!typeOk) return kind === 'icon' ? LINK_MESSAGES.invalidIconType : LINK_MESSAGES.invalidBackgroundType;
  if (file.size > MAX_UPLOAD_BYTES) return LINK_MESSAGES.fileTooLarge;
  return null;
}

/** Throws the DataError errors.ts maps to 'Invalid file type' / 'File too large'. */
export function checkUploadFile(file: UploadFile, kind: FileKind): void {
  const problem = uploadFileProblem(file, kind);
  if (!problem) return;
  const code = problem === LINK_MESSAGES.fileTooLarge ? CLIENT_ERROR_CODES.fileTooLarge : CLIENT_ERROR_CODES.invalidFileType;
  throw clientError(code, problem.description);
}

export interface UploadedFile {
  path: string;
  publicUrl: string;
}

/** Uploads into a public bucket under the user's folder and returns the public URL. */
export async function uploadPublicFile(
  client: DataClient,
  bucket: StorageBucket,
  userId: string,
  file: UploadFile & Blob,
  kind: FileKind,
): Promise<UploadedFile> {
  checkUploadFile(file, kind);
  const path = objectPath(userId, file);
  const { error } = await client.storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw toDataError(error, 'storage');
  const { data } = client.storage.from(bucket).getPublicUrl(path);
  return { path, publicUrl: data.publicUrl };
}

/** The object path inside `bucket` for one of its public URLs, or null when the URL is not from it. */
export function pathFromPublicUrl(publicUrl: string, bucket: StorageBucket): string | null {
  const marker = `/storage/v1/object/public/${bucket}/`;
  const index = publicUrl.indexOf(marker);
  if (index === -1) return null;
  return decodeURIComponent(publicUrl.slice(index + marker.length).split('?')[0]);
}

/** Removes an object given its public URL; URLs from elsewhere (gallery icons, admin defaults) are left alone. */
export async function removePublicFile(client: DataClient, bucket: StorageBucket, publicUrl: string): Promise<boolean> {
  const path = pathFromPublicUrl(publicUrl, bucket);
  if (!path) return false;
  const { data, error } = await client.storage.from(bucket).remove([path]);
  if (error) throw toDataError(error, 'storage');
  return (data?.length ?? 0) > 0;
}
