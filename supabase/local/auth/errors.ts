import { HttpError } from '../http.ts';

/**
 * GoTrue's error body (the pre-2024 "legacy" shape): `{code: <http status>, error_code, msg}`.
 * auth-js reads `error_code` from it when the response carries no X-Supabase-Api-Version header,
 * so supabase-js callers see `error.code === error_code` and `error.message === msg`.
 */
export function authError(
  status: number,
  errorCode: string,
  msg: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra }, headers);
}

export const badRequest = (errorCode: string, msg: string) => authError(400, errorCode, msg);
export const validationFailed = (msg: string) => authError(400, 'validation_failed', msg);
export const unprocessable = (errorCode: string, msg: string) => authError(422, errorCode, msg);
export const forbidden = (errorCode: string, msg: string) => authError(403, errorCode, msg);
export const notFound = (errorCode: string, msg: string) => authError(404, errorCode, msg);

export const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials');
export const invalidEmail = () => validationFailed('Unable to validate email address: invalid format');
