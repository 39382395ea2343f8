import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number; iat?: number };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${sig}`;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature' | 'expired' | 'algorithm',
  ) {
    super(message);
  }
}

/** Verifies an HS256 JWT signed with `secret`; any token so signed is accepted, whatever its exact string. */
export function verifyJwt(token: string, secret: string, nowMs: number = Date.now()): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)))
    throw new JwtError('invalid JWT: unable to parse or verify signature, token is malformed', 'malformed');
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('invalid JWT: unable to parse or verify signature, token is malformed', 'malformed');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims))
    throw new JwtError('invalid JWT: unable to parse or verify signature, token is malformed', 'malformed');
  const alg = header && typeof header === 'object' ? (header as { alg?: unknown }).alg : undefined;
  if (alg !== 'HS256') throw new JwtError('invalid JWT: unable to parse or verify signature, signing method is invalid', 'algorithm');
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('invalid JWT: unable to parse or verify signature, signature is invalid', 'signature');
  }
  // A JSON object: the claims' own checks (role, sub) are the caller's.
  const verified = claims as JwtClaims;
  if (typeof verified.exp === 'number' && verified.exp * 1000 <= nowMs) throw new JwtError('JWT expired', 'expired');
  return verified;
}
