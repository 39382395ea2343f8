import { BRAND_NAME } from '~shared/constants.ts';
import type { SaveTarget } from './save-target.ts';
import { cleanTitle, firstUrlIn, titleFromUrl } from './title-from-url.ts';

export const MENU_IDS = {
  link: 'linkvault-save-link',
  page: 'linkvault-save-page',
  image: 'linkvault-save-image',
  selection: 'linkvault-save-selection',
} as const;

type MenuContext = 'link' | 'page' | 'image' | 'selection';

export interface MenuItem {
  id: string;
  title: string;
  contexts: [MenuContext];
}

/** One item per context: a right-click on a link saves the link, not the page it is on. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { id: MENU_IDS.link, title: `Save link to ${BRAND_NAME}`, contexts: ['link'] },
  { id: MENU_IDS.page, title: `Save page to ${BRAND_NAME}`, contexts: ['page'] },
  { id: MENU_IDS.image, title: `Save image to ${BRAND_NAME}`, contexts: ['image'] },
  { id: MENU_IDS.selection, title: `Save selected link to ${BRAND_NAME}`, contexts: ['selection'] },
];

/** The part of `browser.contextMenus` the menus need. */
export interface ContextMenusApi {
  removeAll(): Promise<void> | void;
  create(properties: MenuItem, callback?: () => void): unknown;
}

/**
 * Rebuilds the menus from scratch. Called from runtime.onInstalled and onStartup (never at top
 * level): removeAll() first, so an update or a restart never hits "duplicate id".
 */
export async function buildMenus(contextMenus: ContextMenusApi, readLastError: () => unknown = () => undefined): Promise<void> {
  await contextMenus.removeAll();
  for (const item of MENU_ITEMS) {
    await new Promise<void>((resolve) => {
      contextMenus.create({ ...item, contexts: [...item.contexts] }, () => {
        readLastError(); // Reading lastError marks it handled (a race with another rebuild is harmless).
        resolve();
      });
    });
  }
}

/** contextMenus.onClicked's info; `linkText` is Firefox-only (Chrome has no link text). */
export interface MenuClickInfo {
  menuItemId: string | number;
  linkUrl?: string;
  linkText?: string;
  srcUrl?: string;
  pageUrl?: string;
  selectionText?: string;
}

export interface TabLike {
  id?: number;
  url?: string;
  title?: string;
  /** The tab's favicon (Chrome and Firefox give it with activeTab): a hint for the server's preview. */
  favIconUrl?: string;
}

/**
 * What a menu click saves, or null when there is nothing to save (a selection without a URL).
 * Link titles: Firefox's `linkText`, else the selected text (Chrome only knows the text when the
 * user selected it), else a title derived from the URL. Chosen: nothing is fetched from the
 * linked site (no extra permission, no request the user did not ask for).
 */
export function targetFromMenuClick(info: MenuClickInfo, tab?: TabLike): SaveTarget | null {
  switch (info.menuItemId) {
    case MENU_IDS.link: {
      if (!info.linkUrl) return null;
      const title = cleanTitle(info.linkText) || cleanTitle(info.selectionText) || titleFromUrl(info.linkUrl);
      return { url: info.linkUrl, title, source: 'link' };
    }
    case MENU_IDS.page: {
      const url = info.pageUrl || tab?.url;
      if (!url) return null;
      const sameTab = !info.pageUrl || !tab?.url || tab.url === info.pageUrl;
      const title = (sameTab ? cleanTitle(tab?.title) : '') || titleFromUrl(url);
      return { url, title, source: 'page', ...(sameTab && tab?.favIconUrl ? { faviconUrl: tab.favIconUrl } : {}) };
    }
    case MENU_IDS.image: {
      if (!info.srcUrl) return null;
      return { url: info.srcUrl, title: titleFromUrl(info.srcUrl), source: 'image' };
    }
    case MENU_IDS.selection: {
      const url = firstUrlIn(info.selectionText);
      if (!url) return null;
      const rest = cleanTitle((info.selectionText ?? '').replace(/\bhttps?:\/\/\S+|\bwww\.\S+/gi, ' '));
      return { url, title: rest.length >= 3 ? rest.slice(0, 150) : titleFromUrl(url), source: 'selection' };
    }
    default:
      return null;
  }
}

/** The current tab as a save target (keyboard shortcut, popup). */
export function targetFromTab(tab: TabLike | undefined, source: SaveTarget['source']): SaveTarget | null {
  if (!tab?.url) return null;
  return {
    url: tab.url,
    title: cleanTitle(tab.title) || titleFromUrl(tab.url),
    source,
    ...(tab.favIconUrl ? { faviconUrl: tab.favIconUrl } : {}),
  };
}
