import { BRAND_NAME } from '~shared/constants.ts';
import { CLIENT_ERROR_CODES, toDataError } from '~shared/data/errors.ts';
import type { SaveLinkOutcome } from '~shared/data/links/api.ts';
import { AUTH_MESSAGES, SHARE_IN_MESSAGES, linkUpdatedExisting } from '~shared/messages.ts';
import { BADGE_ALARM, Badge, countTitle as badgeCountTitle, type ActionApi } from './badge.ts';
import { buildMenus, targetFromMenuClick, targetFromTab, type ContextMenusApi, type MenuClickInfo, type TabLike } from './menus.ts';
import { isTrustedSender, parseWorkerMessage, type MessageSenderLike, type WorkerMessage } from './messages.ts';
import { isRetryableSaveError, previewHints, saveErrorToast, validateTarget } from './quick-save.ts';
import { QUEUE_ALARM, SaveQueue, type AlarmsApi, type QueuedSave } from './queue.ts';
import type { SaveTarget } from './save-target.ts';
import type { StorageArea, StorageChangedEvent } from './storage-area.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { storedUser } from '~shared/rules/stored-session.ts';
import type { VaultApi } from './vault-api.ts';
import { LINKS_ALARM, LINKS_REFRESH_MINUTES, clearLinkCache, patchLinkCache, writeLinkCache } from './link-cache.ts';
import { OMNIBOX_KEYWORD, omniboxSuggestions, omniboxTarget, type OmniboxDisposition, type OmniboxSuggestion } from './omnibox.ts';
import { SavedState, type TabActionApi } from './saved-state.ts';
import { dashboardPage, loadSettings } from './settings.ts';

interface Event<Listener> {
  addListener(listener: Listener): void;
}
type Returns<T> = T | Promise<T>;

/** webextension-polyfill's form: the answer is the returned promise; undefined sends none. */
type MessageListener = (message: unknown, sender: MessageSenderLike) => Promise<unknown> | undefined;

/** The slice of the WebExtension API the service worker uses (WXT's `browser`, or the fake browser in tests). */
export interface BackgroundBrowser {
  runtime: {
    id: string;
    lastError?: unknown;
    onInstalled: Event<(details: { reason: string }) => Returns<unknown>>;
    onStartup: Event<() => Returns<unknown>>;
    onMessage: Event<MessageListener>;
  };
  contextMenus: ContextMenusApi & { onClicked: Event<(info: MenuClickInfo, tab?: TabLike) => Returns<unknown>> };
  commands?: { onCommand: Event<(command: string, tab?: TabLike) => Returns<unknown>> };
  alarms: AlarmsApi & { onAlarm: Event<(alarm: { name: string }) => Returns<unknown>> };
  action: ActionApi & TabActionApi;
  tabs: {
    query(query: { active: boolean; lastFocusedWindow?: boolean }): Promise<TabLike[]>;
    get(tabId: number): Promise<TabLike>;
    create(properties: { url: string; active?: boolean }): Promise<unknown>;
    update(properties: { url: string }): Promise<unknown>;
    onActivated: Event<(info: { tabId: number }) => Returns<unknown>>;
    onUpdated: Event<(tabId: number, change: { url?: string; status?: string }, tab: TabLike) => Returns<unknown>>;
    onRemoved: Event<(tabId: number) => Returns<unknown>>;
  };
  storage: { local: StorageArea; onChanged: StorageChangedEvent };
  /** The address-bar keyword (absent where a browser has no omnibox API). */
  omnibox?: {
    setDefaultSuggestion(suggestion: { description: string }): void;
    onInputChanged: Event<(text: string, suggest: (results: OmniboxSuggestion[]) => void) => Returns<unknown>>;
    onInputEntered: Event<(text: string, disposition: OmniboxDisposition) => Returns<unknown>>;
  };
}

const SAVE_TAB_COMMAND = 'save-current-tab';

/** What a background save did (recorded for the popup, returned to tests). */
export interface BackgroundSaveResult {
  status: 'saved' | 'queued' | 'failed';
  message: string;
  title?: string;
  url?: string;
  outcome?: SaveLinkOutcome;
  at: number;
}

export interface BackgroundDeps {
  browser: BackgroundBrowser;
  api: VaultApi;
  /** This extension's origin (chrome-extension://id, moz-extension://uuid): only its pages may message. */
  extensionOrigin: string;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  /** Chrome reads omnibox descriptions as XML; Firefox as plain text. */
  omniboxXml?: boolean;
}

/**
 * The service worker: context menus, the keyboard shortcut, the offline queue, the badge, the
 * link cache (with the toolbar's saved state and the address-bar keyword).
 * Every listener is registered synchronously here (an MV3 worker must do so on each start);
 * menus are rebuilt only on install and startup.
 */
export function startBackground(deps: BackgroundDeps) {
  const { browser, api } = deps;
  const now = deps.now ?? Date.now;
  const area = browser.storage.local;

  const badge = new Badge({
    action: browser.action,
    alarms: browser.alarms,
    area,
    pendingCount: () => api.pendingCount(),
    setTimer: deps.setTimer,
  });

  const queue = new SaveQueue({
    area,
    alarms: browser.alarms,
    now,
    async send(item: QueuedSave) {
      const userId = await api.currentUserId();
      if (userId !== item.userId) return { result: 'wait', error: 'Waiting for sign-in' };
      const valid = validateTarget(item);
      if (!valid.ok) return { result: 'drop', error: valid.message };
      try {
        await api.save(valid.input);
        return { result: 'sent' };
      } catch (error) {
        if (isRetryableSaveError(error)) return { result: 'retry', error: toDataError(error).message };
        const dataError = toDataError(error);
        if (dataError.code === CLIENT_ERROR_CODES.notAuthenticated || dataError.status === 401)
          return { result: 'wait', error: dataError.message };
        return { result: 'drop', error: saveErrorToast(error).description ?? dataError.message };
      }
    },
  });

  const savedState = new SavedState({
    area,
    action: browser.action,
    currentUserId: () => api.currentUserId(),
    defaultTitle: async () => badgeCountTitle(await badge.storedCount()),
  });

  /** Every active tab (one per window) gets its icon for the current cache. */
  async function checkActiveTabs(): Promise<void> {
    const tabs = await browser.tabs.query({ active: true }).catch((): TabLike[] => []);
    await Promise.all(
      tabs.map(async (tab) => {
        if (tab.id !== undefined) await savedState.check(tab.id, tab.url).catch(() => null);
      }),
    );
  }

  async function checkTab(tabId: number, url?: string) {
    const tabUrl = url ?? (await browser.tabs.get(tabId).catch((): TabLike => ({}))).url;
    return savedState.check(tabId, tabUrl);
  }

  /** Reads the user's links from the server into the cache; null when signed out or unreachable. */
  async function readLinksFromServer(): Promise<number | null> {
    const userId = await api.currentUserId();
    if (!userId) {
      await browser.alarms.clear(LINKS_ALARM);
      await clearLinkCache(area);
      return null;
    }
    if (!(await browser.alarms.get(LINKS_ALARM))) {
      browser.alarms.create(LINKS_ALARM, { periodInMinutes: LINKS_REFRESH_MINUTES, delayInMinutes: LINKS_REFRESH_MINUTES });
    }
    let links;
    try {
      links = await api.listLinks(userId);
    } catch (error) {
      // Offline: the cache stays as it is; the alarm tries again.
      console.warn('links not refreshed', error);
      return null;
    }
    // Signed out or another account while the list was on its way: not this user's cache any more.
    if ((await api.currentUserId()) !== userId) return null;
    await writeLinkCache(area, { userId, fetchedAt: now(), links });
    return links.length;
  }

  // One refresh at a time; asks during one are answered by one more read after it.
  let refreshing: Promise<number | null> | null = null;
  let refreshAgain: Promise<number | null> | null = null;
  function refreshLinks(): Promise<number | null> {
    if (refreshAgain) return refreshAgain;
    if (refreshing) {
      refreshAgain = refreshing
        .catch(() => null)
        .then(() => {
          refreshAgain = null;
          return refreshLinks();
        });
      return refreshAgain;
    }
    refreshing = readLinksFromServer().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function openFromOmnibox(text: string, disposition: OmniboxDisposition) {
    const links = await savedState.links();
    const url = omniboxTarget(links, text) ?? `${dashboardPage(await loadSettings(area))}?q=${encodeURIComponent(text.trim())}`;
    if (disposition === 'currentTab') await browser.tabs.update({ url });
    else await browser.tabs.create({ url, active: disposition === 'newForegroundTab' });
    return url;
  }

  async function record(result: BackgroundSaveResult): Promise<BackgroundSaveResult> {
    await area.set({ [STORAGE_KEYS.lastBackgroundSave]: result });
    return result;
  }

  /** Saves from a menu or the shortcut: saved (✓), queued when unreachable (…), or refused (!). */
  async function saveFromBackground(target: SaveTarget | null): Promise<BackgroundSaveResult> {
    if (!target) {
      await badge.flash('error', `${BRAND_NAME}: ${SHARE_IN_MESSAGES.noUrlToSave}`);
      return record({ status: 'failed', message: SHARE_IN_MESSAGES.noUrlToSave, at: now() });
    }
    const base = { title: target.title, url: target.url };
    const userId = await api.currentUserId();
    if (!userId) {
      await badge.flash('error', `${BRAND_NAME}: ${AUTH_MESSAGES.mustBeLoggedInToAdd}`);
      return record({ status: 'failed', message: AUTH_MESSAGES.mustBeLoggedInToAdd, ...base, at: now() });
    }
    const valid = validateTarget(target);
    if (!valid.ok) {
      await badge.flash('error', `${BRAND_NAME}: ${valid.message}`);
      return record({ status: 'failed', message: valid.message, ...base, at: now() });
    }
    try {
      const saved = await api.save(valid.input, previewHints(target, valid.input.url));
      const message =
        saved.outcome === 'updated_existing'
          ? (linkUpdatedExisting(saved.link.title).description ?? 'Link updated')
          : `Saved "${saved.link.title}"`;
      await badge.flash('ok', `${BRAND_NAME}: ${message}`);
      const { id, title, url, category_id, second_category_id, created_at } = saved.link;
      await patchLinkCache(area, userId, { upsert: { id, title, url, category_id, second_category_id, created_at } });
      return record({ status: 'saved', message, title: saved.link.title, url: saved.link.url, outcome: saved.outcome, at: now() });
    } catch (error) {
      if (isRetryableSaveError(error)) {
        await queue.add({
          url: valid.input.url,
          title: valid.input.title,
          categoryId: null,
          newCategory: null,
          userId,
          source: target.source,
          lastError: toDataError(error).message,
        });
        const message = `Saved offline: "${valid.input.title}" will be sent when ${BRAND_NAME} is reachable.`;
        await badge.flash('queued', `${BRAND_NAME}: ${message}`);
        return record({ status: 'queued', message, ...base, at: now() });
      }
      const toast = saveErrorToast(error);
      const message = toast.description ?? toast.title;
      await badge.flash('error', `${BRAND_NAME}: ${message}`);
      return record({ status: 'failed', message, ...base, at: now() });
    }
  }

  async function flushQueue(force = false) {
    const result = await queue.flush({ force });
    if (result.sent > 0) {
      void refreshLinks();
      await badge.flash('ok', `${BRAND_NAME}: ${result.sent} waiting ${result.sent === 1 ? 'save' : 'saves'} sent`);
      await record({
        status: 'saved',
        message: `${result.sent} waiting ${result.sent === 1 ? 'save was' : 'saves were'} sent.`,
        at: now(),
      });
    }
    return result;
  }

  async function onMenuClicked(info: MenuClickInfo, tab?: TabLike) {
    return saveFromBackground(targetFromMenuClick(info, tab));
  }

  async function onCommand(command: string, tab?: TabLike) {
    if (command !== SAVE_TAB_COMMAND) return null;
    const current = tab?.url ? tab : (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
    return saveFromBackground(targetFromTab(current, 'shortcut'));
  }

  /** Install, update and browser start: menus from scratch, then the badge, anything queued, the links. */
  async function onLifecycle() {
    await buildMenus(browser.contextMenus, () => browser.runtime.lastError);
    await badge.refresh();
    await flushQueue();
    await refreshLinks();
  }

  async function onAlarm(alarm: { name: string }) {
    if (alarm.name === BADGE_ALARM) {
      await badge.refresh();
      await flushQueue();
    } else if (alarm.name === QUEUE_ALARM) {
      await flushQueue();
    } else if (alarm.name === LINKS_ALARM) {
      await refreshLinks();
    }
  }

  async function handleMessage(message: WorkerMessage): Promise<unknown> {
    switch (message.type) {
      case 'badge:refresh':
        return { ok: true, count: await badge.refresh() };
      case 'queue:add': {
        const item = await queue.add(message.item);
        return { ok: true, id: item.id };
      }
      case 'queue:flush':
        return { ok: true, ...(await flushQueue(true)) };
      case 'links:refresh':
        return { ok: true, count: await refreshLinks() };
    }
  }

  // Listeners return their promise (ignored by browsers, awaited by the fake browser in unit tests).
  browser.runtime.onInstalled.addListener(() => onLifecycle());
  browser.runtime.onStartup.addListener(() => onLifecycle());
  browser.contextMenus.onClicked.addListener((info, tab) => onMenuClicked(info, tab));
  browser.commands?.onCommand.addListener((command, tab) => onCommand(command, tab));
  browser.alarms.onAlarm.addListener((alarm) => onAlarm(alarm));
  browser.runtime.onMessage.addListener((message, sender) => {
    if (!isTrustedSender(sender, browser.runtime.id, deps.extensionOrigin)) return undefined;
    const parsed = parseWorkerMessage(message);
    if (!parsed) return undefined;
    return handleMessage(parsed).catch((error: unknown) => ({ ok: false, error: String(error) }));
  });
  // Sign-in, sign-out or another account (from any extension page): badge and queue follow at once.
  browser.storage.onChanged.addListener((changes, areaName) => {
    if (areaName !== 'local') return;
    // The cache changed (a refresh here, an edit in the popup): the toolbar follows on the visible tabs.
    const cacheChanged = !!changes[STORAGE_KEYS.linksCache];
    if (cacheChanged) savedState.reset();
    const change = changes[STORAGE_KEYS.session];
    const before = storedUser(change?.oldValue)?.userId ?? null;
    const after = storedUser(change?.newValue)?.userId ?? null;
    if (!change || before === after) return cacheChanged ? checkActiveTabs() : undefined;
    savedState.reset();
    return Promise.all([badge.refresh().then(() => (after ? flushQueue(true) : undefined)), refreshLinks().then(checkActiveTabs)]);
  });
  // The saved state of the page in view: on a tab switch and on a navigation, from the cache only.
  browser.tabs.onActivated.addListener(({ tabId }) => checkTab(tabId).catch(() => null));
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url === undefined && change.status !== 'complete') return;
    // A navigation may reset a tab's own icon in the browser: set it again.
    savedState.forget(tabId);
    return checkTab(tabId, tab.url).catch(() => null);
  });
  browser.tabs.onRemoved.addListener((tabId) => savedState.forget(tabId));
  // `lv` + words in the address bar: suggestions from the cache; Enter opens the chosen link.
  browser.omnibox?.setDefaultSuggestion({ description: `Search your ${BRAND_NAME} links (keyword ${OMNIBOX_KEYWORD})` });
  browser.omnibox?.onInputChanged.addListener((text, suggest) =>
    savedState.links().then((links) => suggest(omniboxSuggestions(links, text, deps.omniboxXml ?? false))),
  );
  browser.omnibox?.onInputEntered.addListener((text, disposition) => openFromOmnibox(text, disposition));

  return {
    badge,
    queue,
    savedState,
    onMenuClicked,
    onCommand,
    onLifecycle,
    onAlarm,
    handleMessage,
    flushQueue,
    saveFromBackground,
    refreshLinks,
    checkTab,
    openFromOmnibox,
  };
}
