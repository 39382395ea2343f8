import type { SupabaseClient } from '@supabase/supabase-js';
import { EMAIL_CODE_LENGTH } from '~shared/constants.ts';

/** A uniformly random 6-digit code (rejection sampling: no modulo bias). */
export function randomCode(length = EMAIL_CODE_LENGTH): string {
  const limit = 10 ** length;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < ceiling) return String(buf[0] % limit).padStart(length, '0');
  }
}

/** The SHA-256 of a text, in hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Codes are stored as sha256(user_id ':' code): a leaked table gives no usable codes. */
export function hashCode(userId: string, code: string): Promise<string> {
  return sha256Hex(`${userId}:${code}`);
}

/** 32 random bytes as base64url (43 characters): a link token that cannot be guessed. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** True when another account already uses the address (profiles.email mirrors auth.users.email). */
export async function emailUsedByAnotherAccount(admin: SupabaseClient, email: string, userId: string): Promise<boolean> {
  const { data, error } = await admin.from('profiles').select('user_id').eq('email', email.toLowerCase()).neq('user_id', userId).limit(1);
  if (error) throw new Error(`cannot check e-mail: ${error.message}`);
  return (data ?? []).length > 0;
}
