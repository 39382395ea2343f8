import { AuthError, BodyTooLargeError, HttpError, InvalidJsonError } from '../http.ts';
import { isPgError } from '../db/index.ts';

/** An error in Storage's JSON shape: `{statusCode: '4xx', error, message}` (statusCode is a string, as Supabase sends it). */
export function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

export const badRequest = (message: string) => storageError(400, 'Bad Request', message);
export const invalidKey = (message = 'Invalid key') => storageError(400, 'InvalidKey', message);
export const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
export const rlsRefused = () => storageError(403, 'Unauthorized', 'new row violates row-level security policy');
export const duplicateObject = () => storageError(409, 'Duplicate', 'The resource already exists');
export const payloadTooLarge = () => storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (mime: string) => storageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);

/** Translates whatever a handler threw into a Storage error; anything unexpected becomes undefined (a real 500). */
export function toStorageError(e: unknown): HttpError | undefined {
  if (e instanceof HttpError) return e;
  if (e instanceof BodyTooLargeError) return payloadTooLarge();
  if (e instanceof InvalidJsonError) return badRequest('Body is not valid JSON');
  if (e instanceof AuthError) {
    if (e.reason === 'missing') return storageError(400, 'Error', "headers must have required property 'authorization'");
    if (e.reason === 'expired') return storageError(403, 'Unauthorized', 'jwt expired');
    if (e.reason === 'role') return storageError(403, 'Unauthorized', e.message);
    return storageError(403, 'Unauthorized', 'invalid signature');
  }
  if (isPgError(e)) {
    // Row-level security refused the statement, or the caller's role lacks the privilege.
    if (e.code === '42501') return rlsRefused();
    if (e.code === '23505') return duplicateObject();
    // Bad input that reached Postgres (an invalid uuid, text too long, ...): the caller's fault.
    if (e.code?.startsWith('22')) return badRequest(e.message);
  }
  return undefined;
}
