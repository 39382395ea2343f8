import { browser } from '../../lib/browser.ts';

/** Opens the options page (API URL, anon key, dashboard URL) and closes the popup. */
export async function openOptions(): Promise<void> {
  await browser.runtime.openOptionsPage();
  window.close();
}
