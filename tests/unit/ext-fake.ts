import { vi, type Mock } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SaveLinkResult } from '../../shared/data/links/api.ts';
import type { LinkInput } from '../../shared/schemas/link.ts';
import { startBackground, type BackgroundBrowser } from '../../extension/lib/background-app.ts';
import { STORAGE_KEYS } from '../../extension/lib/storage-keys.ts';
import type { CachedLink } from '../../extension/lib/link-cache.ts';

/** A minimal event with a trigger, for the APIs WXT's fake browser does not implement (contextMenus, commands). */
function fakeEvent<Listener extends (...args: never[]) => unknown>() {
  const listeners: Listener[] = [];
  return {
    addListener: (listener: Listener) => void listeners.push(listener),
    removeListener: (listener: Listener) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListeners: () => listeners.length > 0,
    trigger: (...args: Parameters<Listener>) => Promise.all(listeners.map((listener) => listener(...args))),
  };
}

/**
 * WXT's fake browser (storage, alarms, action, runtime, tabs are in-memory implementations) plus
 * recording stubs for contextMenus and commands.
 */
export function makeFakeBrowser() {
  fakeBrowser.reset();
  const calls: string[] = [];
  const contextMenus = {
    removeAll: vi.fn(() => Promise.resolve(void calls.push('removeAll'))),
    create: vi.fn((properties: { id: string }, callback?: () => void) => {
      calls.push(`create:${properties.id}`);
      callback?.();
      return properties.id;
    }),
    onClicked: fakeEvent<(info: never, tab?: never) => unknown>(),
  };
  const commands = { onCommand: fakeEvent<(command: string, tab?: never) => unknown>() };
  // The fake browser has no setIcon: per-tab icons are recorded here (tab id → icon path set).
  const icons = new Map<number, Record<string, string>>();
  const action = Object.assign(fakeBrowser.action, {
    setIcon: vi.fn((details: { tabId: number; path: Record<string, string> }) =>
      Promise.resolve(void icons.set(details.tabId, details.path)),
    ),
  });
  const omnibox = {
    setDefaultSuggestion: vi.fn(),
    onInputChanged: fakeEvent<(text: string, suggest: (results: never[]) => void) => unknown>(),
    onInputEntered: fakeEvent<(text: string, disposition: never) => unknown>(),
  };
  const browser = {
    runtime: fakeBrowser.runtime,
    contextMenus,
    commands,
    alarms: fakeBrowser.alarms,
    action,
    tabs: fakeBrowser.tabs,
    storage: fakeBrowser.storage,
    omnibox,
  } as unknown as BackgroundBrowser;
  return { browser, fake: fakeBrowser, contextMenus, commands, calls, icons, omnibox };
}

export const USER_ID = '11111111-2222-4333-8444-555555555555';

/** A stored supabase-js session for USER_ID (what a sign-in writes). */
export function sessionJson(userId = USER_ID, email = 'ada@example.test'): string {
  return JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 9_999_999_999, user: { id: userId, email } });
}

export async function signInFake(userId = USER_ID): Promise<void> {
  await fakeBrowser.storage.local.set({ [STORAGE_KEYS.session]: sessionJson(userId) });
}

export function savedResult(input: LinkInput, outcome: SaveLinkResult['outcome'] = 'inserted'): SaveLinkResult {
  return {
    outcome,
    categoryCreated: false,
    categoryId: 'cat',
    link: { id: 'link-1', title: input.title, url: input.url } as SaveLinkResult['link'],
  };
}

export type SaveFn = (input: LinkInput) => Promise<SaveLinkResult>;
export type CountFn = () => Promise<number | null>;
export type ListFn = (userId: string) => Promise<CachedLink[]>;

/** A VaultApi whose answers each test sets; reads the signed-in user from the fake storage. */
export function fakeApi(overrides: { save?: Mock<SaveFn>; pendingCount?: Mock<CountFn>; listLinks?: Mock<ListFn> } = {}) {
  return {
    currentUserId: vi.fn(async (): Promise<string | null> => {
      const raw = (await fakeBrowser.storage.local.get(STORAGE_KEYS.session))[STORAGE_KEYS.session];
      return typeof raw === 'string' ? (JSON.parse(raw) as { user: { id: string } }).user.id : null;
    }),
    save: overrides.save ?? vi.fn<SaveFn>((input) => Promise.resolve(savedResult(input))),
    pendingCount: overrides.pendingCount ?? vi.fn<CountFn>(() => Promise.resolve(0)),
    listLinks: overrides.listLinks ?? vi.fn<ListFn>(() => Promise.resolve([])),
  };
}

/** Starts the background app on the fake browser with a controllable clock and no real timers. */
export function startFakeBackground(options: { api?: ReturnType<typeof fakeApi>; now?: () => number; omniboxXml?: boolean } = {}) {
  const fake = makeFakeBrowser();
  const api = options.api ?? fakeApi();
  const timers: Array<() => void> = [];
  const app = startBackground({
    browser: fake.browser,
    api,
    extensionOrigin: `chrome-extension://${fakeBrowser.runtime.id}`,
    now: options.now,
    omniboxXml: options.omniboxXml,
    setTimer: (callback) => timers.push(callback),
  });
  return { ...fake, api, app, timers };
}
