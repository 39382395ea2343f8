/**
 * A readable title for a URL when the page gave none: Chrome's contextMenus.onClicked has no
 * link text (Firefox sends `linkText`), and an image or a selected URL has no title at all.
 * "https://www.example.com/blog/my-first-post.html?x=1" -> "my first post · example.com".
 */
export function titleFromUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.slice(0, 200);
  }
  const host = parsed.hostname.replace(/^www\./i, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return host || url;
  let words: string;
  try {
    words = decodeURIComponent(last);
  } catch {
    words = last;
  }
  words = words
    .replace(/\.(html?|php|aspx?|jsp)$/i, '')
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return host;
  return `${words.slice(0, 150)} · ${host}`;
}

/** Collapses whitespace and caps the length of a title taken from page text. */
export function cleanTitle(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** The first http(s) URL (or www.-address) in a piece of selected text, or null. */
export function firstUrlIn(text: string | null | undefined): string | null {
  if (!text) return null;
  const match = /\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"'`]*/i.exec(text);
  if (!match) return null;
  // A URL at the end of a sentence: drop the trailing punctuation.
  const url = match[0].replace(/[).,;:!?\]}>]+$/, '');
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}
