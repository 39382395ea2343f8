import { describe, expect, it } from 'vitest';
import { mimeAllowed, sniffMimeType } from '../../supabase/local/storage/sniff.ts';
import { checkObjectName, rawPathIsSuspicious } from '../../supabase/local/storage/paths.ts';
import { HttpError } from '../../supabase/local/http.ts';
import { GIF_1X1, HTML_PAGE, JPEG_HEAD, PNG_1X1, SVG_WITH_SCRIPT } from './storage-helpers.ts';

const b = (s: string) => Buffer.from(s);
const riff = (kind: string) => Buffer.concat([b('RIFF'), Buffer.from([0x24, 0, 0, 0]), b(kind), Buffer.alloc(16)]);
const ftyp = (brand: string, compat: string[] = []) => {
  const body = Buffer.concat([b('ftyp'), b(brand), Buffer.alloc(4), ...compat.map(b)]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(16)]);
};
const bmp = () => {
  const buf = Buffer.alloc(64);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(40, 14);
  return buf;
};

describe('storage content sniffing', () => {
  it.each([
    ['png', PNG_1X1, 'image/png'],
    ['gif', GIF_1X1, 'image/gif'],
    ['jpeg', JPEG_HEAD, 'image/jpeg'],
    ['webp', riff('WEBP'), 'image/webp'],
    ['avif', ftyp('avif', ['mif1']), 'image/avif'],
    ['heic', ftyp('heic'), 'image/heic'],
    ['mp4', ftyp('isom', ['mp41']), 'video/mp4'],
    ['bmp', bmp(), 'image/bmp'],
    ['ico', Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]), 'image/x-icon'],
    ['pdf', b('%PDF-1.7\n...'), 'application/pdf'],
    ['svg', SVG_WITH_SCRIPT, 'image/svg+xml'],
    ['svg without xml declaration', b('  <!-- hi --><svg viewBox="0 0 1 1"></svg>'), 'image/svg+xml'],
    ['svg with a doctype', b('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg/>'), 'image/svg+xml'],
    ['html', HTML_PAGE, 'text/html'],
    ['html fragment', b('<div onclick="x()">hi</div>'), 'text/html'],
    ['script after text', b('hello there <script>alert(1)</script>'), 'text/html'],
    ['utf-16 html', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><script>1</script></html>', 'utf16le')]), 'text/html'],
    ['xml', b('<?xml version="1.0"?><note>hi</note>'), 'application/xml'],
    ['json', b('{"a": [1, 2]}'), 'application/json'],
    ['text', b('plain words, café'), 'text/plain'],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x80]), 'application/octet-stream'],
    ['empty', Buffer.alloc(0), 'application/octet-stream'],
  ])('%s', (_label, bytes, expected) => {
    expect(sniffMimeType(bytes as Buffer, 'image/png')).toBe(expected);
  });

  it('lets a declared type refine plain text only', () => {
    expect(sniffMimeType(b('a,b\n1,2'), 'text/csv')).toBe('text/csv');
    expect(sniffMimeType(b('a,b\n1,2'), 'image/png')).toBe('text/plain');
    expect(sniffMimeType(HTML_PAGE, 'text/csv')).toBe('text/html');
  });

  it('matches bucket MIME lists exactly or by wildcard', () => {
    expect(mimeAllowed('image/png', ['image/jpeg', 'image/png'])).toBe(true);
    expect(mimeAllowed('image/svg+xml', ['image/jpeg', 'image/png'])).toBe(false);
    expect(mimeAllowed('image/webp', ['image/*'])).toBe(true);
    expect(mimeAllowed('text/html', ['image/*'])).toBe(false);
    expect(mimeAllowed('text/html', null)).toBe(true);
    expect(mimeAllowed('text/html', [])).toBe(true);
  });
});

describe('storage object names', () => {
  it.each(['a/b.png', 'uid/sub folder/x (1).png', 'café/ß.png', '.hidden/x'])('accepts %s', (name) => {
    expect(checkObjectName(name)).toBe(name);
  });
  it.each([
    '',
    '/abs.png',
    'a//b.png',
    'a/../b',
    '..',
    './a',
    'a/.',
    'a\\b',
    'nul\u0000.png',
    'tab\t.png',
    'a/',
    'x~y',
    'a'.repeat(256),
    'é'.repeat(600),
  ])('refuses %j', (name) => {
    const refusal = () => {
      try {
        checkObjectName(name);
      } catch (e) {
        return e instanceof HttpError ? { status: e.status, error: e.body.error } : e;
      }
      return 'accepted';
    };
    expect(refusal()).toEqual({ status: 400, error: 'InvalidKey' });
  });
  it('spots traversal in a raw request path', () => {
    expect(rawPathIsSuspicious('/storage/v1/object/b/u/../x')).toBe(true);
    expect(rawPathIsSuspicious('/storage/v1/object/b/u/%2E%2e/x')).toBe(true);
    expect(rawPathIsSuspicious('/storage/v1/object/b/u%5cx')).toBe(true);
    expect(rawPathIsSuspicious('/storage/v1/object/b/u/x.png?a=../b')).toBe(false);
    expect(rawPathIsSuspicious('/storage/v1/object/b/u/..x.png')).toBe(false);
  });
});
