import { describe, expect, it } from 'vitest';
import { bookmarkletSource } from '../../shared/rules/bookmarklet.ts';

describe('bookmarkletSource', () => {
  it("opens the site's /share/receive with the page's address, encoded", () => {
    const source = bookmarkletSource('https://links.example.com/settings');
    expect(source.startsWith('javascript:')).toBe(true);
    expect(source).toContain('"https://links.example.com/share/receive?url="+encodeURIComponent(location.href)');
  });

  it('refuses an origin that is not http(s)', () => {
    expect(() => bookmarkletSource('javascript:alert(1)')).toThrow();
  });
});
