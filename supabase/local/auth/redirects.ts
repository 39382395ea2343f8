/**
 * Where auth may send a browser after a link or OAuth round trip. Like GoTrue: the site URL, or an
 * entry of the allow list (glob patterns as GoTrue compiles them with gobwas/glob and separators
 * '.' and '/': `*` stays inside one host label or path segment, `**` matches anything, `?` one char).
 * Stricter than GoTrue in two ways, both to rule out open redirects: "same site" means the same
 * origin as the site URL (GoTrue compares host names only, whatever the scheme), and a URL with
 * credentials (`http://site@evil.test`) or that does not parse is never allowed.
 * Anything not allowed falls back to the site URL.
 */
export interface RedirectPolicy {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

const patternCache = new Map<string, RegExp>();

export function globToRegExp(pattern: string): RegExp {
  const cached = patternCache.get(pattern);
  if (cached) return cached;
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') {
      re += '[^./]*';
    } else if (c === '?') {
      re += '[^./]';
    } else {
      re += c.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
    }
  }
  const compiled = new RegExp(`^${re}$`);
  patternCache.set(pattern, compiled);
  return compiled;
}

function parse(url: string): URL | undefined {
  try {
    const u = new URL(url);
    if (u.username || u.password) return undefined;
    return u;
  } catch {
    return undefined;
  }
}

const hasGlob = (p: string) => /[*?]/.test(p);

/** True when `candidate` (already normalised by the URL parser) may receive tokens. */
export function isAllowedRedirect(candidate: string, policy: RedirectPolicy): boolean {
  const url = parse(candidate);
  if (!url) return false;
  const site = parse(policy.siteUrl);
  if (site && site.origin !== 'null' && url.origin === site.origin) return true;
  const href = url.href;
  for (const entry of policy.additionalRedirectUrls) {
    if (hasGlob(entry)) {
      // The parser adds '/' to a bare origin; `http://localhost:*` should still match it.
      const bare = url.pathname === '/' && !url.search && !url.hash ? href.slice(0, -1) : href;
      if (globToRegExp(entry).test(href) || globToRegExp(entry).test(bare)) return true;
    } else {
      const exact = parse(entry);
      if (exact && exact.href === href) return true;
    }
  }
  return false;
}

/** The URL to send the browser to: the requested one when allowed, else the site URL. */
export function resolveRedirect(requested: string | null | undefined, policy: RedirectPolicy): string {
  if (requested) {
    const url = parse(requested);
    if (url && isAllowedRedirect(requested, policy)) return url.href;
  }
  return policy.siteUrl;
}

/** `base` with `params` as its fragment (implicit flow) or query (PKCE), replacing any fragment. */
export function withParams(base: string, params: Record<string, string>, where: 'hash' | 'query'): string {
  const url = new URL(base);
  url.hash = '';
  const qs = new URLSearchParams(params);
  if (where === 'query') {
    for (const [k, v] of qs) url.searchParams.set(k, v);
    return url.href;
  }
  return `${url.href}#${qs.toString()}`;
}
