/**
 * Whether a session still needs its two-factor code, read from the session alone (as supabase-js's
 * getAuthenticatorAssuranceLevel does), so route guards decide without a request. Its own module:
 * the web app's entry chunk loads it on every page, and the texts in two-factor.ts need not come along.
 */

interface FactorLike {
  status?: string;
  factor_type?: string;
}

/** What a session carries, as far as this rule reads it. */
export interface SessionLike {
  access_token: string;
  user?: { factors?: FactorLike[] | null } | null;
}

/** The `aal` claim of an access token (no signature check: the server checks; this only routes). */
export function accessTokenAal(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

const hasVerifiedFactor = (session: SessionLike): boolean => (session.user?.factors ?? []).some((f) => f.status === 'verified');

/** Signed in with the password only while a verified factor exists: the code is still to be entered. */
export function needsSecondFactor(session: SessionLike): boolean {
  return hasVerifiedFactor(session) && accessTokenAal(session.access_token) !== 'aal2';
}
