/**
 * Whether a share-in page (/share/receive, /share/capture) may save the link in its URL without a
 * click: another website must never make a signed-in person save links. Only the web server can
 * tell who started a navigation, from the Fetch Metadata the browser sends (no page can forge them):
 * `Sec-Fetch-Site: none` is the browser itself (the installed app's share sheet, a protocol link
 * opened by another app, the address bar), `same-origin` this site's own pages (a form posted here;
 * a redirect whose whole chain stayed on this site). A top-level navigation only
 * (`Sec-Fetch-Mode: navigate`, a document, never a frame). Anything else, another site's link, form
 * or popup (`cross-site`, `same-site`) or a browser that sends no Fetch Metadata, asks first.
 * `Sec-Fetch-User` is not required: a click on another site is still that site's navigation, and a
 * share sheet need not send it.
 *
 * The server says "yes" with a Server-Timing entry on the page's own answer, which the browser shows
 * to that document alone (scripts/lib/web-api.ts sends it, web/src/routes/share-in/share-trust.ts
 * reads it).
 */
export const SHARE_AUTOSAVE_TIMING = { name: 'share-save', description: 'auto' } as const;

/** The Server-Timing header value that says "yes". */
export const SHARE_AUTOSAVE_HEADER = `${SHARE_AUTOSAVE_TIMING.name};desc="${SHARE_AUTOSAVE_TIMING.description}"`;

/** The decision, from a request's headers (lower-case names, as Node gives them). */
export function shareAutoSaveAllowed(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const site = headers['sec-fetch-site'];
  const dest = headers['sec-fetch-dest'];
  return (
    (site === 'none' || site === 'same-origin') && headers['sec-fetch-mode'] === 'navigate' && (dest === undefined || dest === 'document')
  );
}
