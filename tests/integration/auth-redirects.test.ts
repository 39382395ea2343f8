import { describe, expect, it } from 'vitest';
import { globToRegExp, isAllowedRedirect, resolveRedirect, withParams } from '../../supabase/local/auth/redirects.ts';

/** The redirect allow list decides where tokens may go: every case here is an open-redirect probe. */
const policy = {
  siteUrl: 'https://app.linkvault.test',
  additionalRedirectUrls: [
    'http://localhost:*/**',
    'https://*.preview.linkvault.test/auth',
    'chrome-extension://*/**',
    'https://exact.linkvault.test/callback',
  ],
};

describe('redirect allow list', () => {
  it('allows the site origin with any path and allow-listed patterns', () => {
    for (const url of [
      'https://app.linkvault.test',
      'https://app.linkvault.test/auth?x=1',
      'http://localhost:5173/auth',
      'http://localhost:3000',
      'https://pr-12.preview.linkvault.test/auth',
      'chrome-extension://abcdefghijkl/popup.html',
      'https://exact.linkvault.test/callback',
    ]) {
      expect(isAllowedRedirect(url, policy), url).toBe(true);
    }
  });

  it('refuses everything else, including look-alikes', () => {
    for (const url of [
      'https://evil.example/',
      'https://app.linkvault.test.evil.example/',
      'https://app.linkvault.test@evil.example/',
      'http://app.linkvault.test/', // other scheme, other origin
      'javascript://app.linkvault.test/%0aalert(1)',
      'http://localhost.evil.example:5173/',
      'https://a.b.preview.linkvault.test/auth', // '*' stays inside one host label
      'https://pr-12.preview.linkvault.test/auth/more',
      'https://exact.linkvault.test/callback/extra',
      'not a url',
      '',
    ]) {
      expect(isAllowedRedirect(url, policy), url).toBe(false);
    }
  });

  it('falls back to the site URL and appends the fragment cleanly', () => {
    expect(resolveRedirect('https://evil.example/', policy)).toBe('https://app.linkvault.test');
    expect(resolveRedirect(undefined, policy)).toBe('https://app.linkvault.test');
    expect(resolveRedirect('http://localhost:5173/auth', policy)).toBe('http://localhost:5173/auth');
    expect(withParams('http://localhost:5173/auth#old', { a: '1', b: 'x y' }, 'hash')).toBe('http://localhost:5173/auth#a=1&b=x+y');
    expect(withParams('http://localhost:5173/auth?keep=1', { code: 'c' }, 'query')).toBe('http://localhost:5173/auth?keep=1&code=c');
  });

  it('compiles GoTrue globs: * inside a segment, ** anywhere', () => {
    expect(globToRegExp('https://*.x.test/**').test('https://a.x.test/p/q')).toBe(true);
    expect(globToRegExp('https://*.x.test/*').test('https://a.x.test/p/q')).toBe(false);
    expect(globToRegExp('https://**.x.test/*').test('https://a.b.x.test/p')).toBe(true);
  });
});
