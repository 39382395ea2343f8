/**
 * Content sniffing: the MIME type an upload IS, from its bytes, whatever the client declared.
 * Bucket MIME limits are checked against this, so an SVG or HTML page renamed "icon.png" and
 * declared image/png is still an SVG or an HTML page.
 */

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');
const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

/** The ISO base media file family (MP4, QuickTime, HEIF, AVIF) names its kind in the "ftyp" box. */
function sniffFtyp(buf: Buffer): string | undefined {
  if (buf.length < 12 || ascii(buf, 4, 8) !== 'ftyp') return undefined;
  const boxSize = buf.readUInt32BE(0);
  const end = Math.min(buf.length, boxSize >= 16 ? boxSize : 12);
  const brands = [ascii(buf, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(buf, i, i + 4));
  if (brands.some((b) => b === 'avif' || b === 'avis')) return 'image/avif';
  if (brands.some((b) => ['heic', 'heix', 'heim', 'heis'].includes(b))) return 'image/heic';
  if (brands.some((b) => ['hevc', 'hevx'].includes(b))) return 'image/heic-sequence';
  if (brands.includes('mif1') || brands.includes('msf1')) return 'image/heif';
  if (brands[0] === 'qt  ') return 'video/quicktime';
  if (brands.some((b) => b.startsWith('M4A'))) return 'audio/mp4';
  return 'video/mp4';
}

function sniffBinary(buf: Buffer): string | undefined {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(buf, 0, 4) === 'RIFF' && buf.length >= 12) {
    const kind = ascii(buf, 8, 12);
    if (kind === 'WEBP') return 'image/webp';
    if (kind === 'WAVE') return 'audio/wav';
    if (kind === 'AVI ') return 'video/x-msvideo';
  }
  if (ascii(buf, 0, 2) === 'BM' && buf.length >= 26 && buf.readUInt32LE(14) >= 12 && buf.readUInt32LE(14) <= 124) return 'image/bmp';
  if (startsWith(buf, [0x00, 0x00, 0x01, 0x00]) && buf.length >= 6 && buf.readUInt16LE(4) > 0) return 'image/x-icon';
  if (startsWith(buf, [0x49, 0x49, 0x2a, 0x00]) || startsWith(buf, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (startsWith(buf, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x58, 0x4c, 0x20]) || startsWith(buf, [0xff, 0x0a])) return 'image/jxl';
  const ftyp = sniffFtyp(buf);
  if (ftyp) return ftyp;
  if (ascii(buf, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) return 'application/zip';
  if (startsWith(buf, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(buf, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return 'application/x-7z-compressed';
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(buf, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(buf, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(buf, 0, 3) === 'ID3' || startsWith(buf, [0xff, 0xfb]) || startsWith(buf, [0xff, 0xf3]) || startsWith(buf, [0xff, 0xf2]))
    return 'audio/mpeg';
  if (ascii(buf, 0, 4) === 'wOFF') return 'font/woff';
  if (ascii(buf, 0, 4) === 'wOF2') return 'font/woff2';
  if (startsWith(buf, [0x00, 0x01, 0x00, 0x00, 0x00])) return 'font/ttf';
  if (ascii(buf, 0, 4) === 'OTTO') return 'font/otf';
  if (startsWith(buf, [0x00, 0x61, 0x73, 0x6d])) return 'application/wasm';
  return undefined;
}

/** UTF-8 (or UTF-16 with a BOM) text without binary control characters, decoded; undefined for binary data. */
function decodeText(buf: Buffer): string | undefined {
  const sample = buf.subarray(0, 64 * 1024);
  let text: string;
  if (startsWith(sample, [0xfe, 0xff]) || startsWith(sample, [0xff, 0xfe])) {
    const le = sample[0] === 0xff;
    const body = Buffer.from(sample.subarray(2, 2 + ((sample.length - 2) & ~1)));
    if (!le) body.swap16();
    text = body.toString('utf16le');
  } else {
    try {
      // fatal: invalid UTF-8 means binary. A sequence cut at the 64 KiB sample edge is not invalid.
      text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < buf.length });
    } catch {
      return undefined;
    }
  }
  // eslint-disable-next-line no-control-regex -- the MIME Sniffing standard's binary data bytes, control characters by definition
  if (/[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(text)) return undefined;
  return text.replace(/^\uFEFF/, '');
}

// The WHATWG MIME sniffing standard's "HTML" patterns: any of these tags, at the start, makes a page.
const HTML_START =
  /^<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|meta|link|form|img|object|embed|svg:|template|base|!--)(?=[\s>/]|$)/i;
// Tags that make a browser run script or fetch things, anywhere in the first bytes.
const ACTIVE_MARKUP = /<(?:script|iframe|object|embed|html|body|frameset|meta\s[^<>]{0,200}http-equiv)[\s>/=]/i;

function sniffText(text: string): string {
  // Skip what may precede a document's root element: whitespace, an XML declaration, comments, a doctype.
  const lead = text.replace(/^(?:\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>]*>)*/i, '');
  if (/^<svg[\s>/]/i.test(lead) || /^<!doctype\s+svg/i.test(text.trimStart())) return 'image/svg+xml';
  if (HTML_START.test(lead)) return 'text/html';
  if (/^<\?xml/i.test(text.trimStart())) return /<svg[\s>/]/i.test(text) ? 'image/svg+xml' : 'application/xml';
  if (/^<[a-z!?]/i.test(lead)) {
    if (/<svg[\s>/]/i.test(lead)) return 'image/svg+xml';
    if (ACTIVE_MARKUP.test(text)) return 'text/html';
    return 'application/xml';
  }
  // Markup that hides behind leading text still gets rendered by a browser that is allowed to sniff.
  if (ACTIVE_MARKUP.test(text) || /<svg[\s>/]/i.test(text)) return 'text/html';
  const trimmed = text.trim();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && trimmed.length > 1) {
    try {
      JSON.parse(trimmed);
      return 'application/json';
    } catch {
      /* not JSON: plain text */
    }
  }
  return 'text/plain';
}

// Declared text types we keep when the bytes are plain text (they carry no active content).
const PLAIN_TEXT_REFINEMENTS = new Set(['text/csv', 'text/markdown', 'text/tab-separated-values', 'text/calendar', 'text/vcard']);

/**
 * The type the bytes are. `declared` only refines plain text (a CSV stays text/csv); it never turns
 * bytes into a type they are not.
 */
export function sniffMimeType(buf: Buffer, declared?: string): string {
  if (buf.length === 0) return 'application/octet-stream';
  const binary = sniffBinary(buf);
  if (binary) return binary;
  const text = decodeText(buf);
  if (text === undefined) return 'application/octet-stream';
  const sniffed = sniffText(text);
  const declaredBase = declared?.split(';')[0].trim().toLowerCase();
  if (sniffed === 'text/plain' && declaredBase && PLAIN_TEXT_REFINEMENTS.has(declaredBase)) return declaredBase;
  return sniffed;
}

/** Raster images a browser may show inline: they cannot carry script. Everything else is served as an attachment. */
export const INLINE_SAFE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp']);

/** Whether `mime` matches a bucket's `allowed_mime_types` (exact, case-insensitive, or a "type/*" wildcard). */
export function mimeAllowed(mime: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type] = mime.toLowerCase().split('/');
  return allowed.some((entry) => {
    const a = entry.trim().toLowerCase().split(';')[0].trim();
    if (a === '*/*' || a === '*') return true;
    if (a.endsWith('/*')) return a.slice(0, -2) === type;
    return a === mime.toLowerCase();
  });
}
