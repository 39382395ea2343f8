import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID, CHROME_EXTENSION_KEY, extensionRedirectUrls } from '../../shared/extension-identity.ts';
import { isAllowedRedirect } from '../../supabase/local/auth/redirects.ts';

describe('redirects only to this product', () => {
  it("the Chrome id is the one Chrome derives from the manifest's key", () => {
    const hex = createHash('sha256').update(Buffer.from(CHROME_EXTENSION_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...hex].map((h) => String.fromCharCode(97 + parseInt(h, 16))).join('')).toBe(CHROME_EXTENSION_ID);
  });

  it("the default allow-list lets a recovery link reach the product's extension, never another one", () => {
    const policy = { siteUrl: 'http://127.0.0.1:3000', additionalRedirectUrls: extensionRedirectUrls() };
    expect(isAllowedRedirect(`chrome-extension://${CHROME_EXTENSION_ID}/popup.html`, policy)).toBe(true);
    expect(isAllowedRedirect('chrome-extension://abcdefghijklmnopabcdefghijklmnop/steal.html', policy)).toBe(false);
    expect(isAllowedRedirect('moz-extension://0b6c5c6e-0000-4000-8000-000000000000/steal.html', policy)).toBe(false);
    // More ids are configurable (EXTENSION_IDS); anything that is not an id is ignored.
    const more = extensionRedirectUrls(['abcdefghijklmnopabcdefghijklmnop', '*', '']);
    expect(more).toEqual([`chrome-extension://${CHROME_EXTENSION_ID}/**`, 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/**']);
  });
});
