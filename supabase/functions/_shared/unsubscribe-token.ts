import { UNSUBSCRIBE_TOKEN_DAYS, type NotificationKind } from '~shared/rules/notifications.ts';
import { unsubscribeClaimsSchema } from '~shared/schemas/notification-settings.ts';
import { env, requireEnv } from './env.ts';

/**
 * One-click unsubscribe tokens: base64url(JSON {u: user id, k: kind, e: expiry in seconds}) + '.'
 * + base64url(HMAC-SHA256 of that first part). The key is UNSUBSCRIBE_SECRET; without it, one
 * derived from the service-role key (secret on hosted Supabase; the local stack's is the documented
 * demo key, which is fine for local mail). Verified with crypto.subtle.verify (constant time).
 */
async function key(): Promise<CryptoKey> {
  const secret = env('UNSUBSCRIBE_SECRET') ?? `unsubscribe:${requireEnv('SUPABASE_SERVICE_ROLE_KEY')}`;
  return await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export async function signUnsubscribeToken(userId: string, kind: NotificationKind, now: Date): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 24 * 3600;
  const body = toBase64Url(new TextEncoder().encode(JSON.stringify({ u: userId, k: kind, e: expires })));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key(), new TextEncoder().encode(body)));
  return `${body}.${toBase64Url(mac)}`;
}

export type TokenCheck = { ok: true; userId: string; kind: NotificationKind } | { ok: false; reason: 'invalid' | 'expired' };

/** The token's user and kind when its signature holds and it has not expired. */
export async function verifyUnsubscribeToken(token: string, now: Date): Promise<TokenCheck> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return { ok: false, reason: 'invalid' };
  const macBytes = fromBase64Url(mac);
  if (!macBytes || macBytes.length !== 32) return { ok: false, reason: 'invalid' };
  const valid = await crypto.subtle.verify('HMAC', await key(), macBytes, new TextEncoder().encode(body));
  if (!valid) return { ok: false, reason: 'invalid' };
  const bodyBytes = fromBase64Url(body);
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(bodyBytes ?? new Uint8Array()));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = unsubscribeClaimsSchema.safeParse(claims);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  if (parsed.data.e * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: parsed.data.u, kind: parsed.data.k };
}
