import type { DataClient } from './client.ts';
import { DataError, toDataError } from './errors.ts';

/** Edge functions this app calls (supabase/functions/<name>). */
export type FunctionName =
  | 'share-link'
  | 'secure-reset'
  | 'ai-chat'
  | 'request-email-change'
  | 'confirm-email-change'
  | 'restore-email'
  | 'incoming-links'
  | 'share-incoming'
  | 'instagram-oembed'
  | 'tiktok-oembed'
  | 'delete-account'
  | 'link-preview';

interface FunctionErrorBody {
  error?: unknown;
  message?: unknown;
  code?: unknown;
}

/** Reads the JSON error an edge function answered with (FunctionsHttpError keeps the Response in `context`). */
async function readErrorBody(context: unknown): Promise<FunctionErrorBody | null> {
  if (!context || typeof (context as Response).json !== 'function') return null;
  try {
    const response = (context as Response).clone ? (context as Response).clone() : (context as Response);
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Invokes an edge function with the caller's session and returns its JSON. A non-2xx answer
 * becomes a DataError whose message and code are the function's own (`{error, message, code}`),
 * so errors.ts can map them (secure-reset codes, AI quota, duplicate share).
 */
export async function invokeFunction<T>(client: DataClient, name: FunctionName, body: unknown): Promise<T> {
  const result = await client.functions.invoke<T>(name, { body: body as Record<string, unknown> });
  if (!result.error) {
    // A 2xx body may still say {error}: secure-reset answers "the response is read for error and message".
    const payload = result.data as FunctionErrorBody | null;
    if (payload && typeof payload === 'object' && payload.error && !Array.isArray(payload)) {
      throw new DataError(text(payload.message) ?? text(payload.error) ?? 'Request failed', {
        code: text(payload.code) ?? text(payload.error),
        source: 'function',
      });
    }
    return result.data as T;
  }
  // supabase-js types the error as any: it is one of its FunctionsError classes (an Error with `context`).
  const error = result.error as Error & { context?: unknown };
  if (error.name === 'FunctionsHttpError') {
    const context = error.context;
    const payload = await readErrorBody(context);
    const status = (context as Response | undefined)?.status ?? null;
    const message = text(payload?.message) ?? text(payload?.error) ?? error.message;
    const code = text(payload?.code) ?? (text(payload?.error) !== message ? text(payload?.error) : null);
    throw new DataError(message, { code, status, source: 'function', cause: error });
  }
  throw toDataError(error, error.name === 'FunctionsFetchError' ? 'network' : 'function');
}
