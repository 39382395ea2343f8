import { describe, expect, it } from 'vitest';
import { inAppPath } from '../../shared/rules/app-links.ts';

describe('inAppPath (mobile wrapper and protocol handler URL mapping)', () => {
  it('maps the site URLs of the three share-in routes to the same in-app paths', () => {
    expect(inAppPath('https://links.example/receive?link=https%3A%2F%2Fa.test%2Fx', 'https://links.example')).toBe(
      '/receive?link=https%3A%2F%2Fa.test%2Fx',
    );
    expect(inAppPath('https://links.example/share/receive?url=https://a.test/', 'https://links.example')).toBe(
      '/share/receive?url=https://a.test/',
    );
    expect(inAppPath('https://links.example/share/capture/?url=x&src=tiktok')).toBe('/share/capture?url=x&src=tiktok');
  });

  it('maps the custom schemes, with and without a host part', () => {
    expect(inAppPath('linkvault://share/capture?url=https%3A%2F%2Fwww.tiktok.com%2F%40a&src=tiktok')).toBe(
      '/share/capture?url=https%3A%2F%2Fwww.tiktok.com%2F%40a&src=tiktok',
    );
    expect(inAppPath('linkvault://receive?link=https://a.test')).toBe('/receive?link=https://a.test');
    expect(inAppPath('web+linkvault:/share/receive?text=see%20https://a.test')).toBe('/share/receive?text=see%20https://a.test');
    expect(inAppPath('WEB+LINKVAULT://share/receive?url=https://a.test')).toBe('/share/receive?url=https://a.test');
  });

  it('turns a bare link after the scheme into a capture', () => {
    expect(inAppPath('web+linkvault:https://www.instagram.com/p/abc/')).toBe(
      `/share/capture?url=${encodeURIComponent('https://www.instagram.com/p/abc/')}`,
    );
  });

  it('refuses other paths, other sites and other schemes', () => {
    expect(inAppPath('https://links.example/dashboard', 'https://links.example')).toBeNull();
    expect(inAppPath('https://evil.example/receive?link=x', 'https://links.example')).toBeNull();
    expect(inAppPath('linkvault://settings')).toBeNull();
    expect(inAppPath('linkvault://share/receive/../../auth')).toBeNull();
    expect(inAppPath('javascript:alert(1)//receive')).toBeNull();
    expect(inAppPath('not a url')).toBeNull();
    expect(inAppPath('https://links.example/receiver')).toBeNull();
  });
});
