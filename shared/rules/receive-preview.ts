/** What /receive shows for a shared link before it is saved (part 2 §2). */
export interface LinkPreview {
  title: string;
  author: string | null;
  /** Only ever an http(s) URL (it becomes an <img src>). */
  thumbnailUrl: string | null;
  host: string;
}

function httpOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The fallback when there is no oEmbed data: the URL's host and path ("www." dropped, shortened). */
export function fallbackPreview(url: string): LinkPreview {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^www\./, '');
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/+$/, '');
  const title = `${host}${path}`;
  return { title: title.length > 120 ? `${title.slice(0, 117)}...` : title, author: null, thumbnailUrl: null, host };
}

/** oEmbed fields over the fallback: a missing title keeps host and path; a non-http thumbnail is dropped. */
export function previewFromOembed(
  url: string,
  oembed: { title?: string | null; author_name?: string | null; thumbnail_url?: string | null } | null | undefined,
): LinkPreview {
  const base = fallbackPreview(url);
  if (!oembed) return base;
  return {
    ...base,
    title: oembed.title?.trim() || base.title,
    author: oembed.author_name?.trim() || null,
    thumbnailUrl: httpOrNull(oembed.thumbnail_url),
  };
}
