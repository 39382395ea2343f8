import { z } from 'zod';
import { normalizeUrl } from '../rules/url.ts';

/** Field builders reused by several schemas. */

const INVALID_EMAIL_MESSAGE = 'Invalid email address';
const INVALID_URL_MESSAGE = 'Please enter a valid URL';
const INVALID_ID_MESSAGE = 'Invalid id';

/** A trimmed e-mail address. */
export function emailField(message = INVALID_EMAIL_MESSAGE) {
  return z.string().trim().pipe(z.email(message));
}

/** A row id (any 8-4-4-4-12 hex uuid, as Postgres accepts). */
export function idField(message = INVALID_ID_MESSAGE) {
  return z.guid(message);
}

/** The longest URL stored (links_url_http in the schema); longer is a 400, not a database error. */
const URL_MAX_LENGTH = 2048;
const URL_TOO_LONG_MESSAGE = `URL must be at most ${URL_MAX_LENGTH} characters`;

/** A required URL: trimmed, https:// added when there is no scheme, http(s) only. */
export function httpUrlField(requiredMessage: string, invalidMessage = INVALID_URL_MESSAGE) {
  return z
    .string(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(URL_MAX_LENGTH - 'https://'.length, URL_TOO_LONG_MESSAGE)
    .transform((value, ctx) => {
      const url = normalizeUrl(value);
      if (url === null) {
        ctx.issues.push({ code: 'custom', message: invalidMessage, input: value });
        return z.NEVER;
      }
      return url;
    });
}

/** An optional URL: empty or missing becomes null, anything else must be http(s). */
export function optionalHttpUrlField(invalidMessage = INVALID_URL_MESSAGE) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const url = normalizeUrl(value);
      if (url === null) {
        ctx.issues.push({ code: 'custom', message: invalidMessage, input: value });
        return z.NEVER;
      }
      return url;
    });
}

/** An optional free-text field with a maximum length; missing becomes ''. */
export function optionalTextField(max: number, tooLongMessage: string) {
  return z
    .string()
    .max(max, tooLongMessage)
    .nullish()
    .transform((value) => value ?? '');
}
