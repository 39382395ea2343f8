/**
 * The extension's fixed identity. Chrome derives an extension's id from the
 * manifest's `key` (a public key; the id is the first 128 bits of its SHA-256, as letters a-p),
 * so every install of this build has the same id and auth may allow redirects to it alone.
 * Firefox gives each install a random moz-extension:// UUID; GECKO_ID is its fixed add-on id.
 * Publishing to the Chrome Web Store keeps this id when the store item is created with this key.
 */
export const CHROME_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA6J65T1lLiOa/bNvE99737r1B76kk3RC6x5iuWg+tCguOdTQmdLwvQZrYmWz19GwGzgbMhuLmF4cbYAvw4TFjAx3lCIw7+YDunYMNVe+z+vusxevsVTOTwlNBQ6e5SAqDTXLa/fNILpFfBGi3Q3XgBy5JV3jMNkSfqLWpM0bcNDsN6MyfilnHRD2DrkXgrUjyg2W7THWdasVc14Gy1Y9JJTJB+Nwjwb5/k/MjSQ/Mq7x04CE8SUfaktXLXh4tl0jeYVJjb46h3ll5FeAg7KtyAEdbGxU3Zns158QJU/gbbn9dNOQbBHrXIDABkSQxuw/Bz+r2Z75jo/PCTDjc+Rj4nQIDAQAB';
export const CHROME_EXTENSION_ID = 'bbdjpkphllddabipbmklhjcgmcengjee';
export const GECKO_ID = 'linkvault@example.com';

/** The redirect allow-list entries for the product's own extensions: the Chrome id (more with EXTENSION_IDS). */
export function extensionRedirectUrls(extraIds: string[] = []): string[] {
  return [CHROME_EXTENSION_ID, ...extraIds].filter((id) => /^[a-p]{32}$/.test(id)).map((id) => `chrome-extension://${id}/**`);
}
