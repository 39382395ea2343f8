/**
 * URL rules. Only http and https are ever accepted: a stored `javascript:` or `data:` URL rendered
 * as a link is stored XSS, so anything else is refused, whatever its case or disguise.
 */

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:']);
/** C0 controls, DEL and C1 controls: browsers silently drop tabs/newlines ("java\tscript:"), so refuse them all. */
const CONTROL_CHARS = /\p{Cc}/u;
const SCHEME_PREFIX = /^([a-z][a-z0-9+.-]*):(.*)$/is;
/** `host:port` typed without a scheme ("localhost:3000", "example.com:8080/x") is not a scheme. */
const PORT_AFTER_COLON = /^\d+(?:[/?#]|$)/;
/** ASCII host names (URL has already punycoded IDNs) or a bracketed IPv6 address. */
const VALID_HOSTNAME = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.?)$/i;

const NAMED_ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', amp: '&' };

/** Decodes the HTML character references that can disguise a scheme ("&#106;avascript&colon;"). */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole);
}

/** The scheme a value really has, if any (null for no scheme or for a bare `host:port`). */
function schemeOf(value: string): string | null {
  const match = SCHEME_PREFIX.exec(value);
  if (!match) return null;
  if (PORT_AFTER_COLON.test(match[2])) return null;
  return match[1].toLowerCase();
}

/** Parses an absolute http(s) URL with a plausible host, or returns null. */
function parseHttpUrl(value: string): URL | null {
  if (CONTROL_CHARS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if (!url.hostname || !VALID_HOSTNAME.test(url.hostname)) return null;
  return url;
}

/**
 * The link-form rule: trim; add https:// when there is no scheme ("//host" gets "https:");
 * it must then parse as an http(s) URL. Returns the URL to store (the user's text, prefixed
 * when needed) or null when it is not acceptable.
 */
export function normalizeUrl(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (!trimmed || CONTROL_CHARS.test(trimmed)) return null;
  // Look through entity disguises and stray whitespace before deciding what the scheme is.
  const revealed = decodeEntities(trimmed).replace(/[\s\p{Cc}]+/gu, '');
  const scheme = schemeOf(trimmed) ?? schemeOf(revealed);
  let candidate: string;
  if (scheme === null) {
    candidate = trimmed.startsWith('//') ? `https:${trimmed}` : `https://${trimmed}`;
  } else if (scheme === 'http' || scheme === 'https') {
    candidate = trimmed;
  } else {
    return null;
  }
  return parseHttpUrl(candidate) ? candidate : null;
}

/** True when the value is already an absolute http(s) URL (no scheme is added). */
export function isHttpUrl(value: string | null | undefined): boolean {
  return typeof value === 'string' && parseHttpUrl(value.trim()) !== null;
}

/**
 * For rendering stored URLs as links: the canonical URL when it is absolute http(s),
 * otherwise undefined (so `<a href={safeHref(url)}>` never carries a `javascript:` URL).
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (typeof url !== 'string') return undefined;
  return parseHttpUrl(url.trim())?.href;
}

/** The host to show for a link ("www.example.com"), or '' when the URL is not http(s). */
export function displayHost(url: string | null | undefined): string {
  if (typeof url !== 'string') return '';
  return parseHttpUrl(url.trim())?.hostname ?? '';
}
