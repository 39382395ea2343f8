import { corsHeaders } from './cors.ts';

/** An error that already knows its answer: status, a machine code and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

/** Error answers are always `{error: <code>, message: <sentence>}` (plus extra fields for some codes). */
export function errorResponse(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ error: code, message, ...extra }, status);
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads the body as JSON: 413 when larger than `maxBytes`, 400 when empty or not JSON. */
export async function readJsonBody(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const bytes = await readBytesLimited(req.body, maxBytes);
  if (bytes === null) throw tooLarge(maxBytes);
  const text = new TextDecoder().decode(bytes).trim();
  if (!text) throw new HttpError(400, 'invalid_request', 'Request body must be a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
}

/** Reads a stream up to `maxBytes`; null (and the stream cancelled) when it is longer. */
export async function readBytesLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'payload_too_large', `Request body must be at most ${maxBytes} bytes`);
}

/** The smallest interface of a zod schema we need, so this file does not depend on zod's types. */
interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Validates with a zod schema; the first issue becomes a 400 with a readable message. */
export function parseWith<T>(schema: SafeParser<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `${issue.path.map(String).join('.')}: ` : '';
  throw new HttpError(400, 'invalid_request', `${where}${issue?.message ?? 'Invalid request body'}`);
}

/**
 * Wraps a function's handler with Supabase's conventions: OPTIONS answers 'ok' with the CORS
 * headers, only the listed methods are accepted, HttpErrors become their JSON answer, and anything
 * unexpected is logged and answered with a generic 500 (never a stack trace).
 */
export function handle(fn: (req: Request) => Promise<Response>, methods: string[] = ['POST']): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (!methods.includes(req.method)) return errorResponse(405, 'method_not_allowed', `Use ${methods.join(' or ')}`);
    try {
      return await fn(req);
    } catch (e) {
      if (e instanceof HttpError) return errorResponse(e.status, e.code, e.message, e.extra);
      console.error(e);
      return errorResponse(500, 'internal_error', 'Something went wrong. Please try again.');
    }
  };
}
