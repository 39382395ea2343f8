import { describe, expect, it } from 'vitest';
import { displayHost, isHttpUrl, normalizeUrl, safeHref } from '../../shared/rules/url.ts';
import { duplicateUrlKey, findDuplicateLink, isSameLinkUrl } from '../../shared/rules/duplicate-url.ts';

describe('normalizeUrl', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  example.com/path?q=1  ', 'https://example.com/path?q=1'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com/A', 'HTTPS://Example.com/A'],
    ['localhost:3000', 'https://localhost:3000'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['//evil.com', 'https://evil.com'],
    ['www.bücher.de', 'https://www.bücher.de'],
    ['https://example.com/a b', 'https://example.com/a b'],
    ['192.168.1.10/admin', 'https://192.168.1.10/admin'],
    ['https://[::1]:8080/', 'https://[::1]:8080/'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['javascript with odd case and leading spaces', ' JaVaScRiPt:alert(1)'],
    ['javascript', 'javascript:alert(document.cookie)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['data base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'VBScript:msgbox(1)'],
    ['file', 'file:///etc/passwd'],
    ['ftp', 'ftp://example.com/file'],
    ['mailto', 'mailto:someone@example.com'],
    ['tab inside the scheme', 'java\tscript:alert(1)'],
    ['newline inside the scheme', 'java\nscript:alert(1)'],
    ['NUL before the scheme', '\u0000javascript:alert(1)'],
    ['control character in an http URL', 'https://exa\u0007mple.com'],
    ['numeric entity', '&#106;avascript:alert(1)'],
    ['hex entity', '&#x6A;avascript:alert(1)'],
    ['named colon entity', 'javascript&colon;alert(1)'],
    ['space before the colon', 'javascript :alert(1)'],
    ['scheme only', 'https://'],
    ['space in the host', 'http://exa mple.com'],
    ['no host', 'http://?q=1'],
    ['odd host characters', 'https://exa<mple.com'],
  ])('refuses %s', (_, input) => {
    expect(normalizeUrl(input)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(normalizeUrl(undefined)).toBeNull();
    expect(normalizeUrl(null)).toBeNull();
  });

  it('always yields something the browser parses as http(s)', () => {
    for (const input of ['example.com', '//evil.com', 'http:/example.com', 'javascript:80']) {
      const url = normalizeUrl(input);
      expect(url).not.toBeNull();
      expect(['http:', 'https:']).toContain(new URL(url!).protocol);
    }
  });
});

describe('safeHref', () => {
  it('returns the canonical URL for http(s)', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('  HTTP://Example.COM/a?b=1#c ')).toBe('http://example.com/a?b=1#c');
  });

  it.each([
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<b>x</b>',
    'java\tscript:alert(1)',
    'vbscript:x',
    'file:///etc/passwd',
    'example.com', // relative: never rendered as-is
    '//evil.com',
    'https://',
    '',
  ])('gives undefined for %j', (input) => {
    expect(safeHref(input)).toBeUndefined();
  });

  it('handles missing values', () => {
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});

describe('isHttpUrl / displayHost', () => {
  it('only accepts absolute http(s)', () => {
    expect(isHttpUrl('https://a.com')).toBe(true);
    expect(isHttpUrl('a.com')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
  });

  it('shows the host of http(s) links only', () => {
    expect(displayHost('https://www.Example.com/x')).toBe('www.example.com');
    expect(displayHost('javascript:alert(1)')).toBe('');
  });
});

describe('duplicateUrlKey', () => {
  it.each([
    ['https://Example.COM', 'https://example.com/'],
    ['example.com', 'https://example.com'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://example.com:80', 'http://example.com/'],
    ['https://example.com/page#section', 'https://example.com/page'],
    ['HTTPS://example.com/page', 'https://example.com/page'],
  ])('%j is the same link as %j', (a, b) => {
    expect(isSameLinkUrl(a, b)).toBe(true);
  });

  it.each([
    ['http://example.com', 'https://example.com'],
    ['https://www.example.com', 'https://example.com'],
    ['https://example.com/a', 'https://example.com/a/'],
    ['https://example.com/A', 'https://example.com/a'],
    ['https://example.com/?v=1', 'https://example.com/?v=2'],
    ['https://example.com:8443', 'https://example.com'],
  ])('%j is a different link from %j', (a, b) => {
    expect(isSameLinkUrl(a, b)).toBe(false);
  });

  it('keeps the query and drops the fragment in the key', () => {
    expect(duplicateUrlKey('https://YouTube.com/watch?v=abc#t=10')).toBe('https://youtube.com/watch?v=abc');
  });

  it('finds the existing link with the same key', () => {
    const links = [
      { id: '1', url: 'https://a.com/x' },
      { id: '2', url: 'https://b.com' },
    ];
    expect(findDuplicateLink(links, 'B.com/')?.id).toBe('2');
    expect(findDuplicateLink(links, 'https://c.com')).toBeUndefined();
  });
});
