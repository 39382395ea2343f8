import { BRAND_NAME } from '~shared/constants.ts';

/** Where the site is published (canonical links); the current origin when the build did not say. */
export const SITE_URL = (import.meta.env.VITE_SITE_URL || (typeof window !== 'undefined' ? window.location.origin : '')).replace(
  /\/+$/,
  '',
);

/** Chosen: the spec names a support inbox without its address. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || `support@${BRAND_NAME.toLowerCase()}.app`;

/**
 * The /auth page of the current origin: where confirmation and recovery e-mails return (part 1 §7).
 * `?link=` names the kind of e-mail, so a link that fails (used twice, expired) is explained as the
 * link it was: the auth server's error redirect does not say.
 */
export function authRedirectUrl(link?: 'signup' | 'recovery'): string {
  return link ? `${window.location.origin}/auth?link=${link}` : `${window.location.origin}/auth`;
}
