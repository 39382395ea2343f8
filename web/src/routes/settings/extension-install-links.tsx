import { BRAND_NAME } from '~shared/constants.ts';
import { CHROME_EXTENSION_ID } from '~shared/extension-identity.ts';

const LINK_CLASS = 'font-medium text-primary underline-offset-4 hover:underline';
const CHROME_STORE_URL = `https://chromewebstore.google.com/detail/${CHROME_EXTENSION_ID}`;
const FIREFOX_ADDONS_URL = `https://addons.mozilla.org/firefox/search/?q=${encodeURIComponent(BRAND_NAME)}`;

/** Where to get the browser extension (Integrations and Notifications show the same links). */
export function ExtensionInstallLinks() {
  return (
    <ul className="grid gap-1 text-sm">
      <li>
        <a href={CHROME_STORE_URL} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
          Get it for Chrome, Edge and Brave
        </a>
      </li>
      <li>
        <a href={FIREFOX_ADDONS_URL} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
          Get it for Firefox
        </a>
      </li>
    </ul>
  );
}
