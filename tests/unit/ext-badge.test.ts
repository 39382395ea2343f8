import { describe, expect, it, vi } from 'vitest';
import { BADGE_ALARM, badgeText } from '../../extension/lib/badge.ts';
import { STORAGE_KEYS } from '../../extension/lib/storage-keys.ts';
import { fakeApi, sessionJson, signInFake, startFakeBackground } from './ext-fake.ts';
import type { CountFn } from './ext-fake.ts';

describe('badge text', () => {
  it('is empty at 0, the number up to 99, then 99+', () => {
    expect([0, -1, 1, 3, 99, 100, 1234].map(badgeText)).toEqual(['', '', '1', '3', '99', '99+', '99+']);
  });
});

describe('badge: pending incoming shares', () => {
  it('shows the count and keeps one 30 s alarm while signed in', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(3)) });
    const { app, fake } = startFakeBackground({ api });
    await signInFake();
    await vi.waitFor(async () => expect(await fake.action.getBadgeText({})).toBe('3'));
    const alarm = await fake.alarms.get(BADGE_ALARM);
    expect(alarm?.periodInMinutes).toBe(0.5);
    expect(await fake.action.getTitle({})).toBe('LinkVault — 3 incoming links to review');

    api.pendingCount.mockResolvedValue(0);
    await app.badge.refresh();
    expect(await fake.action.getBadgeText({})).toBe('');
    expect((await fake.alarms.getAll()).filter((a) => a.name === BADGE_ALARM)).toHaveLength(1);
  });

  it('the alarm tick refreshes it', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(1)) });
    const { fake } = startFakeBackground({ api });
    api.pendingCount.mockResolvedValue(7);
    await fake.alarms.onAlarm.trigger({ name: BADGE_ALARM, scheduledTime: Date.now() });
    expect(await fake.action.getBadgeText({})).toBe('7');
    expect(api.pendingCount).toHaveBeenCalledTimes(1);
  });

  it('refreshes on install/startup, and follows sign-in and sign-out at once', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(2)) });
    const { fake } = startFakeBackground({ api });
    await fake.runtime.onStartup.trigger();
    expect(api.pendingCount).toHaveBeenCalledTimes(1);

    await fake.storage.local.set({ [STORAGE_KEYS.session]: sessionJson() });
    await vi.waitFor(async () => expect(await fake.action.getBadgeText({})).toBe('2'));
    expect(api.pendingCount).toHaveBeenCalledTimes(2);

    // A token refresh rewrites the session for the same user: no extra request.
    await fake.storage.local.set({ [STORAGE_KEYS.session]: sessionJson().replace('"a"', '"a2"') });
    expect(api.pendingCount).toHaveBeenCalledTimes(2);

    api.pendingCount.mockResolvedValue(null);
    await fake.storage.local.remove(STORAGE_KEYS.session);
    await vi.waitFor(async () => expect(await fake.action.getBadgeText({})).toBe(''));
    expect(await fake.alarms.get(BADGE_ALARM)).toBeUndefined();
  });

  it('an unreachable server leaves the last count showing', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(4)) });
    const { app, fake } = startFakeBackground({ api });
    await app.badge.refresh();
    api.pendingCount.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await app.badge.refresh()).toBe(4);
    expect(await fake.action.getBadgeText({})).toBe('4');
  });

  it('a save flashes, then the count comes back', async () => {
    const api = fakeApi({ pendingCount: vi.fn<CountFn>(() => Promise.resolve(5)) });
    const { app, fake, timers } = startFakeBackground({ api });
    await signInFake();
    await app.badge.refresh();
    await app.badge.flash('ok', 'saved');
    expect(await fake.action.getBadgeText({})).toBe('✓');
    // A refresh during the flash does not overwrite it.
    await app.badge.refresh();
    expect(await fake.action.getBadgeText({})).toBe('✓');
    timers.forEach((restore) => restore());
    await vi.waitFor(async () => expect(await fake.action.getBadgeText({})).toBe('5'));
  });
});
