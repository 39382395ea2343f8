import { Parser } from 'htmlparser2';

/**
 * What a page says about itself, read from its HTML with htmlparser2 (a real, tolerant
 * HTML tokenizer: any case, entities, unquoted attributes, unclosed tags). Pure: the link-preview
 * edge function feeds it the bytes it fetched; unit tests feed it head variants.
 */

/** Longest title / description kept (the links table allows 500 / 5000). */
const PREVIEW_TITLE_MAX = 500;
const PREVIEW_DESCRIPTION_MAX = 1000;
const PREVIEW_SITE_NAME_MAX = 200;

export interface ParsedPreview {
  title: string | null;
  description: string | null;
  site_name: string | null;
  /** Icon candidates, best first, absolute http(s) URLs; /favicon.ico is always last. */
  icon_urls: string[];
  image_url: string | null;
}

function clean(value: string | undefined | null, max: number): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute http(s) URL for `href` relative to `base`, or null (javascript:, data:, junk). */
export function absoluteHttpUrl(href: string | undefined | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function largestSize(sizes: string | undefined): number {
  let best = 0;
  for (const s of (sizes ?? '').toLowerCase().split(/\s+/)) {
    const m = /^(\d+)x(\d+)$/.exec(s);
    if (m) best = Math.max(best, Number(m[1]));
  }
  return best;
}

const looksSvg = (href: string, type: string | undefined) => /svg/i.test(type ?? '') || /\.svgz?(\?|#|$)/i.test(href);

/** Parses a page's HTML (only the head matters; parsing stops at <body>'s first text-heavy part is not needed). */
export function parsePreviewHtml(html: string, pageUrl: string): ParsedPreview {
  const meta = new Map<string, string>();
  const icons: { href: string; rank: number; order: number }[] = [];
  let titleText = '';
  let inTitle = false;
  let titleDone = false;
  let base = pageUrl;
  let inSvg = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg') inSvg++;
        if (inSvg) return; // an inline SVG's <title> is not the page's title
        if (name === 'title' && !titleDone) inTitle = true;
        else if (name === 'base' && attrs.href) base = absoluteHttpUrl(attrs.href, pageUrl) ?? base;
        else if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').trim().toLowerCase();
          const content = attrs.content;
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        } else if (name === 'link' && attrs.href) {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          if (looksSvg(attrs.href, attrs.type)) return; // SVG icons are never stored (script in images)
          let rank = -1;
          if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed')) rank = 2000 + largestSize(attrs.sizes);
          else if (rel.includes('icon')) rank = 1000 + largestSize(attrs.sizes);
          if (rank >= 0) icons.push({ href: attrs.href, rank, order: icons.length });
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg' && inSvg) inSvg--;
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const pick = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '');
  const iconUrls: string[] = [];
  for (const icon of icons.sort((a, b) => b.rank - a.rank || a.order - b.order)) {
    const url = absoluteHttpUrl(icon.href, base);
    if (url && !iconUrls.includes(url)) iconUrls.push(url);
  }
  const fallback = absoluteHttpUrl('/favicon.ico', pageUrl);
  if (fallback && !iconUrls.includes(fallback)) iconUrls.push(fallback);
  const image = pick('og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image', 'twitter:image:src', 'image');
  return {
    title: clean(pick('og:title', 'twitter:title') ?? titleText, PREVIEW_TITLE_MAX),
    description: clean(pick('og:description', 'twitter:description', 'description'), PREVIEW_DESCRIPTION_MAX),
    site_name: clean(pick('og:site_name', 'application-name', 'apple-mobile-web-app-title'), PREVIEW_SITE_NAME_MAX),
    icon_urls: iconUrls.slice(0, 4),
    image_url: absoluteHttpUrl(image, base),
  };
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico' | 'avif' | 'bmp';

/** The raster type the bytes really are (never the server's word); null for SVG, HTML and anything else. */
export function sniffRasterImage(bytes: Uint8Array): ImageKind | null {
  const at = (i: number, ...b: number[]) => b.every((x, k) => bytes[i + k] === x);
  const ascii = (i: number, s: string) => at(i, ...Array.from(s, (c) => c.charCodeAt(0)));
  if (bytes.length < 12) return null;
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (at(0, 0, 0, 1, 0) && bytes[4] + bytes[5] > 0) return 'ico';
  if (ascii(4, 'ftyp') && (ascii(8, 'avif') || ascii(8, 'avis'))) return 'avif';
  if (ascii(0, 'BM')) return 'bmp';
  return null;
}

export const IMAGE_MIME: Record<ImageKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  bmp: 'image/bmp',
};

/** Size limits of what the function downloads (1 MB of HTML, small icons, bounded images). */
export const PREVIEW_LIMITS = {
  htmlBytes: 1024 * 1024,
  iconBytes: 256 * 1024,
  imageBytes: 2 * 1024 * 1024,
  totalMs: 5000,
  maxRedirects: 5,
  /** Link-preview fetches one user may start per minute (a site is never flooded through us). */
  perUserPerMinute: 60,
} as const;
