/**
 * Time-based one-time passwords (RFC 6238, HOTP of RFC 4226 underneath) as authenticator apps and
 * Supabase Auth use them: HMAC-SHA-1, 6 digits, 30-second steps, a base32 secret. Web Crypto only,
 * so the same rule runs in the local auth server, the tests and (if ever needed) a browser.
 */

const TOTP_DIGITS = 6;
const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that are still accepted: a phone clock a little off, a code typed late. */
const TOTP_SKEW_STEPS = 1;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (how otpauth URIs carry the secret). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case, spaces and padding ignored, as apps accept a secret typed by hand); null when invalid. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32_ALPHABET.indexOf(ch);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The 30-second step a moment falls in. */
export function totpStep(nowMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / 1000 / periodSeconds);
}

/** HOTP (RFC 4226): the code for one counter value. `hash` is for the RFC's SHA-256/512 test vectors. */
export async function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  hash: 'SHA-1' | 'SHA-256' | 'SHA-512' = 'SHA-1',
): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows at `nowMs` for a base32 secret. */
export async function totpCode(secretBase32: string, nowMs: number): Promise<string> {
  const secret = base32Decode(secretBase32);
  if (!secret) throw new Error('The secret is not base32.');
  return hotp(secret, totpStep(nowMs));
}

/** A code as typed: six digits, spaces allowed ("123 456"). */
export function normaliseTotpCode(input: string): string {
  return input.replace(/\s/g, '');
}

export function isTotpCodeShape(input: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseTotpCode(input));
}

/**
 * Which step `code` belongs to within ±TOTP_SKEW_STEPS of now, or null. Steps at or before
 * `lastUsedStep` never match: a code that signed someone in cannot be used again.
 */
export async function matchTotpStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null = null,
): Promise<number | null> {
  const secret = base32Decode(secretBase32);
  const typed = normaliseTotpCode(code);
  if (!secret || !isTotpCodeShape(typed)) return null;
  const now = totpStep(nowMs);
  for (let step = now - TOTP_SKEW_STEPS; step <= now + TOTP_SKEW_STEPS; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if ((await hotp(secret, step)) === typed) return step;
  }
  return null;
}

/** The otpauth:// URI an authenticator app reads from the QR code (the Key Uri Format). */
export function otpauthUri(params: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(params.issuer)}:${encodeURIComponent(params.account)}`;
  const query = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer: params.issuer,
    period: String(TOTP_PERIOD_SECONDS),
    secret: params.secret,
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
