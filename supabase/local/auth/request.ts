import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, HttpError, readBody, sendJson } from '../http.ts';
import { verifyJwt, JwtError, type JwtClaims } from '../jwt.ts';
import type { StackContext } from '../types.ts';
import { authError, forbidden } from './errors.ts';
import { resolveRedirect } from './redirects.ts';
import { findUserById, isUuid, type UserRow } from './users.ts';
import type { EmailRateLimiter } from './mail.ts';
import type { PasswordHasher } from './hash-pool.ts';
import type { FailureWindow, RateBuckets } from './throttle.ts';

/** What the auth routes share: the stack and the service's own in-memory state. */
export interface AuthContext {
  stack: StackContext;
  emailLimiter: EmailRateLimiter;
  /** Failed OTP attempts per stored code ("column:email"), to stop brute-forcing a 6-digit code. */
  otpFailures: Map<string, number>;
  /** Failed password sign-ins per account and per IP (throttle.ts). */
  signInFailures: FailureWindow;
  /** GoTrue's per-IP request rate limits (throttle.ts): POST /token, POST /signup, PUT /user. */
  rateLimits: { token: RateBuckets; signup: RateBuckets; user: RateBuckets };
  /** bcrypt in worker threads, never on the HTTP thread (hash-pool.ts). */
  hasher: PasswordHasher;
}

export interface AuthedUser {
  user: UserRow;
  claims: JwtClaims;
  sessionId?: string;
  token: string;
}

type Json = Record<string, unknown>;

/** One request to /auth/v1: lazily parsed body, query, bearer checks, GoTrue-style answers. */
export class AuthRequest {
  private parsed?: Json;

  constructor(
    readonly auth: AuthContext,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly url: URL,
  ) {}

  get ctx(): StackContext {
    return this.auth.stack;
  }
  get config() {
    return this.auth.stack.config;
  }
  get db() {
    return this.auth.stack.db;
  }
  now(): number {
    return this.config.now();
  }
  query(name: string): string | undefined {
    return this.url.searchParams.get(name) ?? undefined;
  }

  /** The JSON object body; empty is `{}`. GoTrue's answers for bad JSON and oversized bodies. */
  async body(): Promise<Json> {
    if (this.parsed) return this.parsed;
    let buf: Buffer;
    try {
      buf = await readBody(this.req, this.config.maxJsonBody);
    } catch (e) {
      if (e instanceof BodyTooLargeError) throw authError(413, 'request_too_large', `Request body too large (limit ${e.limit} bytes)`);
      throw e;
    }
    if (buf.length === 0) return (this.parsed = {});
    let value: unknown;
    try {
      value = JSON.parse(buf.toString('utf8'));
    } catch {
      throw authError(400, 'bad_json', 'Could not parse request body as JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
    return (this.parsed = value as Json);
  }

  /** Where to send the browser: `redirect_to` from the query (supabase-js) or body, allow-listed. */
  redirectTarget(bodyValue?: unknown): string {
    const requested = this.query('redirect_to') ?? (typeof bodyValue === 'string' ? bodyValue : undefined);
    return resolveRedirect(requested, this.config);
  }

  userAgent(): string | undefined {
    const ua = this.req.headers['user-agent'];
    return typeof ua === 'string' ? ua.slice(0, 500) : undefined;
  }
  ip(): string | undefined {
    return this.req.socket.remoteAddress ?? undefined;
  }
  /** Takes one request from this client IP's bucket of `limiter`, or throws GoTrue's 429. */
  rateLimit(limiter: keyof AuthContext['rateLimits']): void {
    this.auth.rateLimits[limiter].take(this.ip() ?? 'unknown', this.now());
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    sendJson(this.res, status, body, headers);
  }
  noContent(): void {
    if (this.res.headersSent) return;
    this.res.writeHead(204);
    this.res.end();
  }
  redirect(location: string, status = 303): void {
    if (this.res.headersSent) return;
    this.res.writeHead(status, { Location: location, 'Cache-Control': 'no-store' });
    this.res.end();
  }

  /** Verified claims of the Authorization bearer, with GoTrue's texts for each failure. */
  bearerClaims(): { claims: JwtClaims; token: string } {
    const h = this.req.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(h.trim()) : null;
    if (!m) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    try {
      return { claims: verifyJwt(m[1], this.config.jwtSecret, this.now()), token: m[1] };
    } catch (e) {
      if (e instanceof JwtError && e.reason === 'expired')
        throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired');
      throw forbidden('bad_jwt', e instanceof Error ? e.message : 'invalid JWT');
    }
  }

  /** The signed-in user behind the bearer; its session must still exist (sign-out ends tokens' sessions). */
  async requireUser(): Promise<AuthedUser> {
    const { claims, token } = this.bearerClaims();
    if (typeof claims.sub !== 'string' || !claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : undefined;
    if (sessionId) {
      const s = isUuid(sessionId)
        ? await this.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])
        : { rows: [] };
      if (s.rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { user, claims, sessionId, token };
  }

  /** Admin endpoints: a service_role (or supabase_admin) JWT, as GoTrue's admin check. */
  requireAdmin(): JwtClaims {
    const { claims } = this.bearerClaims();
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw forbidden('not_admin', 'User not allowed');
    return claims;
  }

  /**
   * The API gateway's key check (Kong's key-auth on hosted Supabase): every route but the browser
   * ones (verify, callback, authorize) needs an `apikey` that is the project's anon or service key.
   */
  requireApiKey(): void {
    const header = this.req.headers.apikey;
    const key = (typeof header === 'string' && header) || this.query('apikey');
    if (!key)
      throw new HttpError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    if (key === this.config.anonKey || key === this.config.serviceRoleKey) return;
    try {
      const claims = verifyJwt(key, this.config.jwtSecret, this.now());
      if (claims.role === 'anon' || claims.role === 'service_role') return;
    } catch {
      /* falls through */
    }
    throw new HttpError(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
}

/** Reads an optional string field; anything else is GoTrue's "cannot unmarshal" bad_json. */
export function str(body: Json, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw authError(400, 'bad_json', `Could not parse request body as JSON: ${name} must be a string`);
  return v;
}

export function bool(body: Json, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw authError(400, 'bad_json', `Could not parse request body as JSON: ${name} must be a boolean`);
  return v;
}

export function obj(body: Json, name: string): Json | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v))
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${name} must be an object`);
  return v as Json;
}
