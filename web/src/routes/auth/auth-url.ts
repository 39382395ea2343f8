/**
 * What the /auth page reads from its URL (part 1 §2): access_token, refresh_token, type and error,
 * from the hash (implicit-flow redirects) or the query. The hash wins when both carry a value.
 */
export interface AuthUrlParams {
  accessToken: string | null;
  refreshToken: string | null;
  type: string | null;
  error: string | null;
  errorDescription: string | null;
  /** The kind of e-mail the link came from ('signup', 'recovery'), from our own `?link=`. */
  link: string | null;
}

export function readAuthUrlParams(search: string, hash: string): AuthUrlParams {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const pick = (name: string) => fragment.get(name) || query.get(name) || null;
  return {
    accessToken: pick('access_token'),
    refreshToken: pick('refresh_token'),
    type: pick('type'),
    error: pick('error') ?? pick('error_code'),
    errorDescription: pick('error_description'),
    link: query.get('link'),
  };
}

export function isRecoveryLink(params: AuthUrlParams): boolean {
  return params.type === 'recovery' && !!params.accessToken && !!params.refreshToken;
}

export function hasSessionTokens(params: AuthUrlParams): boolean {
  return !!params.accessToken && !!params.refreshToken;
}

const AUTH_PARAM_NAMES = [
  'link',
  'access_token',
  'refresh_token',
  'type',
  'error',
  'error_code',
  'error_description',
  'expires_in',
  'expires_at',
  'token_type',
  'provider_token',
  'provider_refresh_token',
];

/** The URL without the auth parameters (hash dropped, other query parameters such as redirect kept). */
export function stripAuthParams(pathname: string, search: string): string {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  for (const name of AUTH_PARAM_NAMES) query.delete(name);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Where to go after signing in: a same-site path from ?redirect= (the /receive and /share routes send
 * people here with one), else /dashboard. Anything that could leave the site is refused.
 */
export function postSignInPath(search: string, fallback = '/dashboard'): string {
  const target = new URLSearchParams(search.replace(/^\?/, '')).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  try {
    const resolved = new URL(target, 'http://same.invalid');
    if (resolved.origin !== 'http://same.invalid' || resolved.pathname.startsWith('/auth')) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
