import { BRAND_NAME } from '../../shared/constants.ts';
import { CLIENT_ERROR_CODES, toDataError } from '../../shared/data/errors.ts';
import type { SaveLinkOutcome } from '../../shared/data/links/api.ts';
import { AUTH_MESSAGES, SHARE_IN_MESSAGES, linkUpdatedExisting } from '../../shared/messages.ts';
import { BADGE_ALARM, Badge, type ActionApi } from './badge.ts';
import { buildMenus, targetFromMenuClick, targetFromTab, type ContextMenusApi, type MenuClickInfo, type TabLike } from './menus.ts';
import { isTrustedSender, parseWorkerMessage, type MessageSenderLike, type WorkerMessage } from './messages.ts';
import { isRetryableSaveError, previewHints, saveErrorToast, validateTarget } from './quick-save.ts';
import { QUEUE_ALARM, SaveQueue, type AlarmsApi, type QueuedSave } from './queue.ts';
import type { SaveTarget } from './save-target.ts';
import type { StorageArea, StorageChangedEvent } from './storage-area.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { parseStoredSession } from './stored-session.ts';
import type { VaultApi } from './vault-api.ts';

interface Event<Listener> {
  addListener(listener: Listener): void;
}
type Returns<T> = T | Promise<T>;

type MessageListener = (message: unknown, sender: MessageSenderLike, sendResponse: (response: unknown) => void) => boolean | void;

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
  action: ActionApi;
  tabs: { query(query: { active: boolean; lastFocusedWindow?: boolean }): Promise<TabLike[]> };
  storage: { local: StorageArea; onChanged: StorageChangedEvent };
}

export const SAVE_TAB_COMMAND = 'save-current-tab';

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
}

/**
 * The service worker: context menus, the keyboard shortcut, the offline queue and the badge.
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

  /** Install, update and browser start: menus from scratch, then the badge and anything queued. */
  async function onLifecycle() {
    await buildMenus(browser.contextMenus, () => browser.runtime.lastError);
    await badge.refresh();
    await flushQueue();
  }

  async function onAlarm(alarm: { name: string }) {
    if (alarm.name === BADGE_ALARM) {
      await badge.refresh();
      await flushQueue();
    } else if (alarm.name === QUEUE_ALARM) {
      await flushQueue();
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
    }
  }

  // Listeners return their promise (ignored by browsers, awaited by the fake browser in unit tests).
  browser.runtime.onInstalled.addListener(() => onLifecycle());
  browser.runtime.onStartup.addListener(() => onLifecycle());
  browser.contextMenus.onClicked.addListener((info, tab) => onMenuClicked(info, tab));
  browser.commands?.onCommand.addListener((command, tab) => onCommand(command, tab));
  browser.alarms.onAlarm.addListener((alarm) => onAlarm(alarm));
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!isTrustedSender(sender, browser.runtime.id, deps.extensionOrigin)) return false;
    const parsed = parseWorkerMessage(message);
    if (!parsed) return false;
    handleMessage(parsed).then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true; // The answer comes asynchronously.
  });
  // Sign-in, sign-out or another account (from any extension page): badge and queue follow at once.
  browser.storage.onChanged.addListener((changes, areaName) => {
    const change = changes[STORAGE_KEYS.session];
    if (areaName !== 'local' || !change) return;
    const before = parseStoredSession(change.oldValue)?.userId ?? null;
    const after = parseStoredSession(change.newValue)?.userId ?? null;
    if (before === after) return;
    return badge.refresh().then(() => (after ? flushQueue(true) : undefined));
  });

  return { badge, queue, onMenuClicked, onCommand, onLifecycle, onAlarm, handleMessage, flushQueue, saveFromBackground };
}

export type BackgroundApp = ReturnType<typeof startBackground>;
