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

/** What a refused body may still send before its connection is closed: see discardBody. */
const DISCARD_LIMITS = { bytes: 64 * 1024 * 1024, ms: 30_000 };

/**
 * After a body was refused (413), reads and drops what the client still sends, so the answer reaches
 * it. Many clients read the answer only once their body is sent; a server that stops reading and
 * closes makes the kernel answer the unread bytes with a reset, which throws away the 413 the client
 * had not read yet. As nginx's lingering close: at most DISCARD_LIMITS.bytes more, for at most
 * DISCARD_LIMITS.ms, then the connection is closed anyway.
 */
export function discardBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let dropped = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', stop);
    req.off('close', stop);
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_LIMITS.bytes) {
      stop();
      req.socket.destroy();
    }
  };
  const timer = setTimeout(() => {
    stop();
    req.socket.destroy();
  }, DISCARD_LIMITS.ms);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

/**
 * The request body, at most `limit` bytes. Over the limit (declared or counted): BodyTooLargeError,
 * and the rest of the body is discarded (discardBody) so the caller's 413 reaches the client.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    discardBody(req);
    return Promise.reject(new BodyTooLargeError(limit));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    // Plain listeners, not `for await`: leaving an async iterator early destroys the socket.
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      chunks.length = 0;
      discardBody(req);
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onClose = () => {
      if (req.complete) return;
      done();
      reject(new Error('The client closed the connection before sending the whole body'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
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
