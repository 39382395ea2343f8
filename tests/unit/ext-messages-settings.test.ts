import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isTrustedSender, parseWorkerMessage } from '../../extension/lib/messages.ts';
import { loadSettings, resetSettings, saveSettings, validateSettings, dashboardPage } from '../../extension/lib/settings.ts';
import { STORAGE_KEYS } from '../../extension/lib/storage-keys.ts';
import { USER_ID, fakeApi, sessionJson, signInFake, startFakeBackground } from './ext-fake.ts';
import type { CountFn } from './ext-fake.ts';

const ORIGIN = 'chrome-extension://test-extension-id';

/** runtime.onMessage with a sender (the fake's own sendMessage sends none); resolves to each listener's answer. */
const triggerMessage = (fake: typeof fakeBrowser, message: unknown, sender: { id: string; url: string }) =>
  (fake.runtime.onMessage.trigger as (message: unknown, sender: unknown) => Promise<unknown[]>)(message, sender);

describe('runtime.onMessage sender check', () => {
  it('accepts only pages of this extension', () => {
    expect(isTrustedSender({ id: 'test-extension-id', url: `${ORIGIN}/popup.html` }, 'test-extension-id', ORIGIN)).toBe(true);
    expect(isTrustedSender({ id: 'test-extension-id', url: `${ORIGIN}/options.html#x` }, 'test-extension-id', ORIGIN)).toBe(true);
    expect(
      isTrustedSender({ id: 'another-extension', url: 'chrome-extension://another-extension/popup.html' }, 'test-extension-id', ORIGIN),
    ).toBe(false);
    // A content script carries our id but the web page's URL.
    expect(isTrustedSender({ id: 'test-extension-id', url: 'https://evil.example/' }, 'test-extension-id', ORIGIN)).toBe(false);
    expect(isTrustedSender({ id: 'test-extension-id' }, 'test-extension-id', ORIGIN)).toBe(false);
    expect(isTrustedSender({}, '', ORIGIN)).toBe(false);
  });

  it('parses known messages only', () => {
    expect(parseWorkerMessage({ type: 'badge:refresh', extra: 1 })).toEqual({ type: 'badge:refresh' });
    expect(parseWorkerMessage({ type: 'drop-tables' })).toBeNull();
    expect(parseWorkerMessage('badge:refresh')).toBeNull();
    expect(
      parseWorkerMessage({ type: 'queue:add', item: { url: 'https://x.example', title: 'X', userId: USER_ID, source: 'popup' } }),
    ).toEqual({
      type: 'queue:add',
      item: {
        url: 'https://x.example',
        title: 'X',
        userId: USER_ID,
        source: 'popup',
        categoryId: null,
        newCategory: null,
        lastError: null,
      },
    });
    expect(parseWorkerMessage({ type: 'queue:add', item: { url: 42, title: 'X', userId: USER_ID, source: 'popup' } })).toBeNull();
  });

  it('the worker ignores messages from anyone else and answers its own pages', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(6)) });
    const { fake, app } = startFakeBackground({ api });
    await signInFake();
    await vi.waitFor(() => expect(api.pendingCount).toHaveBeenCalled()); // the sign-in's own refresh
    api.pendingCount.mockClear();
    // webextension-polyfill's form: no answer is undefined, an answer is the listener's promise.
    const [fromPage] = await triggerMessage(fake, { type: 'badge:refresh' }, { id: 'x', url: 'https://evil.example/' });
    expect(fromPage).toBeUndefined();
    const [fromOther] = await triggerMessage(
      fake,
      { type: 'queue:add', item: { url: 'https://x.example', title: 'X', userId: USER_ID, source: 'popup' } },
      { id: 'other', url: 'chrome-extension://other/popup.html' },
    );
    expect(fromOther).toBeUndefined();
    expect(api.pendingCount).not.toHaveBeenCalled();
    expect(await app.queue.list()).toEqual([]);

    const [fromPopup] = await triggerMessage(fake, { type: 'badge:refresh' }, { id: 'test-extension-id', url: `${ORIGIN}/popup.html` });
    expect(fromPopup).toEqual({ ok: true, count: 6 });
  });
});

describe('settings (options page)', () => {
  const defaults = { apiUrl: 'http://127.0.0.1:54321', anonKey: 'build-anon', dashboardUrl: 'http://127.0.0.1:3000' };

  it('default to the build values and validate what the user types', async () => {
    fakeBrowser.reset();
    expect(await loadSettings(fakeBrowser.storage.local, defaults)).toEqual(defaults);
    expect(
      validateSettings({ apiUrl: 'https://abc.supabase.co/', anonKey: ' eyJ.abc-_ ', dashboardUrl: 'https://links.example.com' }),
    ).toEqual({
      ok: true,
      settings: { apiUrl: 'https://abc.supabase.co', anonKey: 'eyJ.abc-_', dashboardUrl: 'https://links.example.com' },
    });
    const bad = validateSettings({ apiUrl: 'abc.supabase.co', anonKey: '', dashboardUrl: 'javascript:alert(1)' });
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.ok ? {} : bad.errors).sort()).toEqual(['anonKey', 'apiUrl', 'dashboardUrl']);
    expect(dashboardPage({ dashboardUrl: 'https://links.example.com/' })).toBe('https://links.example.com/dashboard');
    expect(dashboardPage(defaults, '/auth')).toBe('http://127.0.0.1:3000/auth');
  });

  it('moving to another project signs out; changing only the dashboard does not', async () => {
    fakeBrowser.reset();
    const area = fakeBrowser.storage.local;
    await area.set({ [STORAGE_KEYS.session]: sessionJson() });
    expect(await saveSettings(area, { ...defaults, dashboardUrl: 'https://links.example.com' }, defaults)).toEqual({ signedOut: false });
    expect((await area.get(STORAGE_KEYS.session))[STORAGE_KEYS.session]).toBeDefined();

    expect(await saveSettings(area, { ...defaults, apiUrl: 'https://abc.supabase.co' }, defaults)).toEqual({ signedOut: true });
    expect((await area.get(STORAGE_KEYS.session))[STORAGE_KEYS.session]).toBeUndefined();
    expect((await loadSettings(area, defaults)).apiUrl).toBe('https://abc.supabase.co');

    await resetSettings(area, defaults);
    expect(await loadSettings(area, defaults)).toEqual(defaults);
  });
});
