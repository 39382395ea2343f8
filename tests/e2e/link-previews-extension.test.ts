import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ICON_PNG, startPreviewSite, type PreviewSite } from '../fakes/preview-site.ts';
import { createConfirmedUser, serviceClient, STRONG_PASSWORD, type ConfirmedUser } from '../setup/clients.ts';
import { launchWithExtension, type ExtensionBrowser } from './ext/browser.ts';
import { eventually, inWorker, signInThroughPopup } from './ext/helpers.ts';

/**
 * Link previews, the extension's hint path in the built Chrome extension: the page menu (and the
 * shortcut, same code) sends the tab's title and favIconUrl with the save; the server fetches the
 * hinted favicon under its SSRF rules. The page (/plain) names no icon and has a /favicon.ico, so
 * the stored bytes tell which one was used. The native menu cannot be clicked headless: the test
 * calls the worker's onClicked handler (linkvaultTestHooks), with the tab as Chrome passes it.
 */
interface Hooks {
  onMenuClicked(info: object, tab?: object): Promise<{ status: string; message: string }>;
}
type WithHooks = typeof globalThis & { linkvaultTestHooks: Hooks };

const ext = inject('extension');
let browser: ExtensionBrowser;
let site: PreviewSite;
let user: ConfirmedUser;

beforeAll(async () => {
  site = await startPreviewSite();
  user = await createConfirmedUser({ firstName: 'Hint', lastName: 'Tester' });
  browser = await launchWithExtension(ext.chrome);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function storedFavicon(url: string): Promise<string | null> {
  const { data } = await serviceClient()
    .from('links')
    .select('favicon_url')
    .eq('user_id', user.user.id)
    .eq('url', url)
    .maybeSingle<{ favicon_url: string | null }>();
  return data?.favicon_url ?? null;
}

describe('extension preview hints', () => {
  it("'Save page' sends the tab's favicon as a hint, and the stored favicon is that one", async () => {
    const signIn = await signInThroughPopup(browser, user.email, STRONG_PASSWORD);
    await signIn.close();
    const pageUrl = `${site.url}/plain`;
    const tab = { id: 7, url: pageUrl, title: 'Plain tab', favIconUrl: `${site.url}/assets/touch.png` };
    const result = await inWorker(
      browser,
      ({ pageUrl, tab }) =>
        (globalThis as WithHooks).linkvaultTestHooks.onMenuClicked({ menuItemId: 'linkvault-save-page', pageUrl, editable: false }, tab),
      { pageUrl, tab },
    );
    expect(result.status).toBe('saved');
    const favicon = await eventually(() => storedFavicon(pageUrl).then((f) => f ?? undefined), 20_000, 'stored favicon');
    const bytes = Buffer.from(await (await fetch(favicon)).arrayBuffer());
    expect(bytes.equals(ICON_PNG)).toBe(true); // the hinted icon, not /favicon.ico
    expect(site.requests).toContain('/assets/touch.png');
  });

  it('without a favicon hint the server finds the icon itself', async () => {
    const pageUrl = `${site.url}/full?via=extension`;
    const tab = { id: 8, url: pageUrl, title: 'Full tab' };
    const result = await inWorker(
      browser,
      ({ pageUrl, tab }) =>
        (globalThis as WithHooks).linkvaultTestHooks.onMenuClicked({ menuItemId: 'linkvault-save-page', pageUrl, editable: false }, tab),
      { pageUrl, tab },
    );
    expect(result.status).toBe('saved');
    const favicon = await eventually(() => storedFavicon(pageUrl).then((f) => f ?? undefined), 20_000, 'stored favicon');
    expect(favicon).toContain(`/link-previews/${user.user.id}/`);
  });
});
