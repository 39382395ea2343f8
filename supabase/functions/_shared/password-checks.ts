import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import bcrypt from 'bcryptjs';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/** The server-side checks of secure-reset (the local ones live in shared/rules/password-policy.ts). */

let commonPasswords: Set<string> | undefined;

/** True when the password is on the offline list of common/breached passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return commonPasswords.has(password.toLowerCase());
}

let zxcvbn: ZxcvbnFactory | undefined;

/** zxcvbn-ts score 0-4; `userInputs` (e-mail, names) count as known words. */
export function strengthScore(password: string, userInputs: string[]): number {
  zxcvbn ??= new ZxcvbnFactory({ dictionary: zxcvbnCommon.dictionary, graphs: zxcvbnCommon.adjacencyGraphs });
  return zxcvbn.check(password, userInputs.filter(Boolean)).score;
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/**
 * Have I Been Pwned's range API with k-anonymity: only the first 5 hex characters of the SHA-1
 * leave the server. Returns true/false, or null when the service cannot be reached (the offline
 * list still applies then).
 */
export async function isPwned(password: string, baseUrl: string, timeoutMs = 3000): Promise<boolean | null> {
  const hash = await sha1Hex(password);
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'linkvault-secure-reset' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    const text = await res.text();
    for (const line of text.split('\n')) {
      const [candidate, count] = line.trim().split(':');
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch {
    return null;
  }
}

/** True when the password matches one of the given bcrypt hashes (the recent password history). */
export async function matchesAnyHash(password: string, hashes: string[]): Promise<boolean> {
  for (const hash of hashes) {
    if (hash && (await bcrypt.compare(password, hash))) return true;
  }
  return false;
}
