import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyJwt, JwtError, type JwtClaims } from './jwt.ts';
import type { RequestRole } from './db/index.ts';

/** An error that already knows its HTTP status and JSON body (in the shape of the service that threw it). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : `HTTP ${status}`);
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
  }
}

export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class InvalidJsonError extends Error {}

/** Parses a JSON body; an empty body is `undefined`. */
export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const buf = await readBody(req, limit);
  if (buf.length === 0) return undefined;
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    throw new InvalidJsonError('Request body is not valid JSON');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': contentType, ...headers });
  res.end(body);
}

// Supabase's gateway answers every origin: the web app and the extension are other origins and
// authenticate with headers, never cookies. As its CORS plugin does, the preflight gets the allowed
// methods and headers; every other answer only what a browser reads from it (origin, exposed headers).
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Content-Type, X-Total-Count, X-Supabase-Api-Version, Location',
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, cache-control, x-supabase-api-version, accept, accept-encoding, x-region',
  'Access-Control-Max-Age': '86400',
  'Content-Type': 'text/plain',
};

export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'OPTIONS') {
    res.writeHead(200, PREFLIGHT_HEADERS);
    res.end('ok');
    return true;
  }
  res.setHeader('Access-Control-Allow-Origin', CORS_HEADERS['Access-Control-Allow-Origin']);
  res.setHeader('Access-Control-Expose-Headers', CORS_HEADERS['Access-Control-Expose-Headers']);
  return false;
}

export interface RequestAuth {
  role: RequestRole;
  claims: JwtClaims;
  token: string;
}

export class AuthError extends Error {
  constructor(
    message: string,
    readonly reason: 'missing' | 'invalid' | 'expired' | 'role',
  ) {
    super(message);
  }
}

/** The bearer token (or, failing that, the apikey header), verified: what PostgREST trusts. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(h.trim());
    if (m) return m[1].trim();
  }
  const key = req.headers.apikey;
  return typeof key === 'string' && key ? key : undefined;
}

export function authenticate(req: IncomingMessage, secret: string, nowMs: number): RequestAuth {
  const token = bearerToken(req);
  if (!token) throw new AuthError('No API key found in request', 'missing');
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, secret, nowMs);
  } catch (e) {
    const reason = e instanceof JwtError && e.reason === 'expired' ? 'expired' : 'invalid';
    throw new AuthError(e instanceof Error ? e.message : 'invalid JWT', reason);
  }
  const role = claims.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role')
    throw new AuthError(`role "${String(role)}" does not exist`, 'role');
  return { role, claims, token };
}
