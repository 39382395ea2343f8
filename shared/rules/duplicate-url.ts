import { normalizeUrl } from './url.ts';

/**
 * When two saved URLs are "the same link" (a re-add then updates the existing link).
 *
 * Chosen rule, deliberately conservative (only differences that never change the page):
 * - the scheme and host compare case-insensitively (the URL parser lowercases them, punycodes IDNs);
 * - a default port is ignored ("https://x.com:443" = "https://x.com");
 * - a bare root path is ignored ("https://x.com/" = "https://x.com"), deeper trailing slashes are kept;
 * - the fragment is dropped ("#section" points into the same page);
 * - the query string is kept as is (it often selects a different page or video);
 * - http and https stay different, and so do "www." and bare hosts, because sites can differ there.
 * Input without a scheme gets https:// first, as the link form does.
 */
export function duplicateUrlKey(url: string): string {
  const normalized = normalizeUrl(url);
  if (normalized === null) return url.trim().toLowerCase();
  const parsed = new URL(normalized);
  const path = parsed.pathname === '/' ? '' : parsed.pathname;
  const auth = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  return `${parsed.protocol}//${auth}${parsed.host}${path}${parsed.search}`;
}

/** True when both URLs lead to the same saved link under {@link duplicateUrlKey}. */
export function isSameLinkUrl(a: string, b: string): boolean {
  return duplicateUrlKey(a) === duplicateUrlKey(b);
}

/** The first item whose url is the same link as `url`, e.g. to update instead of inserting a duplicate. */
export function findDuplicateLink<T extends { url: string }>(items: readonly T[], url: string): T | undefined {
  const key = duplicateUrlKey(url);
  return items.find((item) => duplicateUrlKey(item.url) === key);
}
