/**
 * Links that open the app from outside (part 2 §2 'Other routes'): the mobile-app wrapper and the
 * installed web app's protocol handler map an opened URL for /receive, /share/receive or
 * /share/capture to the same in-app path. One rule for both, so they cannot drift.
 */
export const APP_LINK_PATHS = ['/receive', '/share/receive', '/share/capture'] as const;
/** The app's own URL schemes: the mobile wrapper's and the web app's registered protocol handler. */
const APP_LINK_PROTOCOLS = ['linkvault:', 'web+linkvault:'] as const;
/** The protocol handler the web app manifest registers (its url is /share/capture?link=%s). */
export const WEB_PROTOCOL_HANDLER = 'web+linkvault';

const isHttp = (value: string) => /^https?:\/\//i.test(value);

/**
 * The in-app path (path + query) for an opened URL, or null when it is not one of ours:
 * - `https://<site>/share/capture?url=…` (universal/app links; only the site's own origin when given),
 * - `linkvault://share/receive?url=…`, `web+linkvault://receive?link=…` (custom schemes),
 * - `web+linkvault:https://example.com/post` (a bare link after the scheme) → `/share/capture?url=…`.
 */
export function inAppPath(opened: string, siteOrigin?: string): string | null {
  const raw = opened.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const protocol = url.protocol.toLowerCase();
  let path: string;
  if (protocol === 'http:' || protocol === 'https:') {
    if (siteOrigin && url.origin !== new URL(siteOrigin).origin) return null;
    path = url.pathname;
  } else if ((APP_LINK_PROTOCOLS as readonly string[]).includes(protocol)) {
    const rest = raw.slice(protocol.length);
    if (isHttp(rest)) return `/share/capture?${new URLSearchParams({ url: rest })}`;
    // linkvault://share/capture?x → host "share", path "/capture"; linkvault:/receive → path "/receive".
    path = `/${`${url.host}${url.pathname}`.replace(/^\/+/, '')}`;
  } else {
    return null;
  }
  path = path.replace(/\/+$/, '') || '/';
  if (!(APP_LINK_PATHS as readonly string[]).includes(path)) return null;
  return `${path}${url.search}`;
}
