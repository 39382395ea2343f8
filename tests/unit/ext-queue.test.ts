import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DataError } from '../../shared/data/errors.ts';
import { MENU_IDS } from '../../extension/lib/menus.ts';
import { isRetryableSaveError } from '../../extension/lib/quick-save.ts';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  QUEUE_ALARM,
  SaveQueue,
  backoffDelay,
  countForUser,
  type QueuedSave,
  type SendResult,
} from '../../extension/lib/queue.ts';
import { STORAGE_KEYS } from '../../extension/lib/storage-keys.ts';
import { USER_ID, fakeApi, savedResult, signInFake, startFakeBackground } from './ext-fake.ts';
import type { SaveFn } from './ext-fake.ts';

const offline = () => new DataError('TypeError: Failed to fetch', { source: 'network' });

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function queueWith(send: (item: QueuedSave) => Promise<{ result: SendResult; error?: string }>, time = clock()) {
  fakeBrowser.reset();
  let id = 0;
  const queue = new SaveQueue({
    area: fakeBrowser.storage.local,
    alarms: fakeBrowser.alarms,
    now: time.now,
    send,
    newId: () => `q${++id}`,
  });
  return { queue, time };
}

const input = (n: number) => ({
  url: `https://example.com/${n}`,
  title: `Page ${n}`,
  categoryId: null,
  newCategory: null,
  userId: USER_ID,
  source: 'link',
});

describe('backoff', () => {
  it('doubles from 30 s up to 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(backoffDelay)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      960_000,
      1_800_000,
      1_800_000,
      BACKOFF_MAX_MS,
    ]);
  });

  it('retries network failures and 5xx, not refusals', () => {
    expect(isRetryableSaveError(offline())).toBe(true);
    expect(isRetryableSaveError({ message: 'TypeError: Failed to fetch', code: '', details: '' })).toBe(true);
    expect(isRetryableSaveError(new DataError('Bad gateway', { status: 502, source: 'database' }))).toBe(true);
    expect(isRetryableSaveError(new DataError('Please enter a valid URL', { status: 400, code: '22023', source: 'database' }))).toBe(false);
    expect(isRetryableSaveError(new DataError('permission denied', { status: 403, code: '42501', source: 'database' }))).toBe(false);
  });
});

describe('offline queue', () => {
  it('keeps a save in storage and schedules the first retry one backoff step away', async () => {
    const { queue, time } = queueWith(() => Promise.resolve({ result: 'sent' }));
    const item = await queue.add(input(1));
    expect(item).toMatchObject({ attempts: 1, nextAttemptAt: time.now() + BACKOFF_BASE_MS });
    expect((await fakeBrowser.storage.local.get(STORAGE_KEYS.queue))[STORAGE_KEYS.queue]).toHaveLength(1);
    expect((await fakeBrowser.alarms.get(QUEUE_ALARM))?.scheduledTime).toBe(time.now() + BACKOFF_BASE_MS);
  });

  it('sends nothing before it is due, then backs off on each failure until it lands', async () => {
    const outcomes: SendResult[] = ['retry', 'retry', 'sent'];
    const send = vi.fn(() => Promise.resolve({ result: outcomes.shift()! }));
    const { queue, time } = queueWith(send);
    await queue.add(input(1));

    expect(await queue.flush()).toEqual({ sent: 0, dropped: 0, remaining: 1 });
    expect(send).not.toHaveBeenCalled();

    time.advance(BACKOFF_BASE_MS);
    await queue.flush();
    let [item] = await queue.list();
    expect(item.attempts).toBe(2);
    expect(item.nextAttemptAt).toBe(time.now() + 60_000);
    expect((await fakeBrowser.alarms.get(QUEUE_ALARM))?.scheduledTime).toBe(time.now() + 60_000);

    time.advance(60_000);
    await queue.flush();
    [item] = await queue.list();
    expect(item.attempts).toBe(3);
    expect(item.nextAttemptAt).toBe(time.now() + 120_000);

    time.advance(120_000);
    expect(await queue.flush()).toEqual({ sent: 1, dropped: 0, remaining: 0 });
    expect(await queue.list()).toEqual([]);
    expect(await fakeBrowser.alarms.get(QUEUE_ALARM)).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('stops at the first unreachable attempt and keeps the order; force sends what is not due yet', async () => {
    const send = vi.fn((): Promise<{ result: SendResult }> => Promise.resolve({ result: 'retry' }));
    const { queue, time } = queueWith(send);
    await queue.add(input(1));
    await queue.add(input(2));
    time.advance(BACKOFF_BASE_MS);
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect((await queue.list()).map((item) => item.url)).toEqual(['https://example.com/1', 'https://example.com/2']);

    send.mockResolvedValue({ result: 'sent' });
    expect(await queue.flush({ force: true })).toEqual({ sent: 2, dropped: 0, remaining: 0 });
  });

  it('loses nothing added while a flush is running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async () => {
      await gate;
      return { result: 'sent' as const };
    });
    const { queue } = queueWith(send);
    await queue.add(input(1));
    const flushing = queue.flush({ force: true });
    const adding = queue.add(input(2));
    release();
    await Promise.all([flushing, adding]);
    expect((await queue.list()).map((item) => item.url)).toEqual(['https://example.com/2']);
  });

  it('keeps saves of a signed-out user (checked rarely) and drops refused ones', async () => {
    const results: SendResult[] = ['wait', 'drop'];
    const { queue, time } = queueWith(() => Promise.resolve({ result: results.shift()!, error: 'x' }));
    await queue.add(input(1));
    await queue.add(input(2));
    await queue.flush({ force: true });
    const left = await queue.list();
    expect(left.map((item) => item.url)).toEqual(['https://example.com/1']);
    expect(left[0].nextAttemptAt).toBe(time.now() + BACKOFF_MAX_MS);
    expect(countForUser(left, USER_ID)).toBe(1);
    expect(countForUser(left, 'someone-else')).toBe(0);
    expect(countForUser(left, null)).toBe(0);
  });
});

describe('offline queue in the worker', () => {
  it('a menu save that cannot reach the server is queued (…), and the retry alarm sends it', async () => {
    const time = clock();
    const api = fakeApi({ save: vi.fn<SaveFn>().mockRejectedValueOnce(offline()) });
    const { contextMenus, fake, app } = startFakeBackground({ api, now: time.now });
    await signInFake();
    const [result] = (await contextMenus.onClicked.trigger({
      menuItemId: MENU_IDS.link,
      linkUrl: 'https://example.org/later',
    } as never)) as Array<{ status: string }>;
    expect(result.status).toBe('queued');
    expect(await fake.action.getBadgeText({})).toBe('…');
    expect(await app.queue.list()).toHaveLength(1);

    api.save.mockImplementation((link) => Promise.resolve(savedResult(link)));
    time.advance(BACKOFF_BASE_MS);
    await fake.alarms.onAlarm.trigger({ name: QUEUE_ALARM, scheduledTime: time.now() });
    expect(await app.queue.list()).toEqual([]);
    expect(api.save).toHaveBeenLastCalledWith(expect.objectContaining({ url: 'https://example.org/later' }));
  });

  it('a sign-in sends the waiting saves at once', async () => {
    const api = fakeApi();
    const { app, fake } = startFakeBackground({ api });
    await app.queue.add(input(1));
    await fake.storage.local.set({ [STORAGE_KEYS.session]: JSON.stringify({ refresh_token: 'r', user: { id: USER_ID } }) });
    await vi.waitFor(async () => expect(await app.queue.list()).toEqual([]));
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it("another account's saves stay queued for their owner", async () => {
    const api = fakeApi();
    const { app } = startFakeBackground({ api });
    await signInFake('99999999-2222-4333-8444-555555555555');
    await app.queue.add(input(1));
    await app.flushQueue(true);
    expect(api.save).not.toHaveBeenCalled();
    expect(await app.queue.list()).toHaveLength(1);
  });
});
