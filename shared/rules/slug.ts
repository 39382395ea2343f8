import { SLUG_PATTERN } from './slug-pattern.ts';

export { SLUG_PATTERN };

/** The input strips every other character as the user types. */
export function sanitizeSlugInput(input: string): string {
  return input.replace(/[^A-Za-z0-9_-]+/g, '');
}

/**
 * Chosen: names that are the app's own top-level routes would hide the public page (/{slug}),
 * so they are refused as URL names; staff-like names and the brand would let someone
 * pose as the product, so they are refused as usernames and URL names alike. The server holds
 * the same list (migration 20261124190200_reserved_names.sql, checked equal by
 * tests/integration/reserved-names.test.ts).
 */
export const RESERVED_SLUGS: readonly string[] = [
  'api',
  'auth',
  'category',
  'dashboard',
  'data-deletion',
  'demo',
  'privacy',
  'profile',
  'receive',
  'settings',
  'share',
  'studio',
  'support',
  'functions',
  'rest',
  'storage',
  'assets',
  // Staff-like names and the brand.
  'admin',
  'admins',
  'administrator',
  'root',
  'staff',
  'help',
  'helpdesk',
  'moderator',
  'mod',
  'system',
  'security',
  'official',
  'team',
  'linkvault',
  'link-vault',
  'link_vault',
  'billing',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'no-reply',
  'no_reply',
  'contact',
  'login',
  'logout',
  'signin',
  'signup',
  'register',
  'account',
  'accounts',
  'about',
  'terms',
  'legal',
  'home',
  'www',
  'mail',
  'email',
  'status',
  'null',
  'undefined',
];

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.includes(slug.toLowerCase());
}

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && !isReservedSlug(slug);
}
