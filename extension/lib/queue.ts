import { STORAGE_KEYS } from './storage-keys.ts';
import { readKey, type StorageArea } from './storage-area.ts';

/** A save that could not reach the server; retried with exponential backoff until it lands. */
export interface QueuedSave {
  id: string;
  url: string;
  title: string;
  categoryId: string | null;
  newCategory: string | null;
  /** Only the user who saved it sends it (another account signing in never receives it). */
  userId: string;
  source: string;
  queuedAt: number;
  /** Failed attempts so far (the first, direct attempt counts). */
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

export type QueueInput = Pick<QueuedSave, 'url' | 'title' | 'categoryId' | 'newCategory' | 'userId' | 'source'> & {
  lastError?: string | null;
};

/** What happened to one attempt. */
export type SendResult = 'sent' | 'retry' | 'drop' | 'wait';

export const QUEUE_ALARM = 'linkvault-queue-retry';

/** 30 s is the shortest alarm Chrome allows a packed extension; then 1, 2, 4 … minutes, capped at 30. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 30 * 60_000;

export function backoffDelay(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(exponent, 20), BACKOFF_MAX_MS);
}

export interface AlarmsApi {
  create(name: string, info: { when?: number; delayInMinutes?: number; periodInMinutes?: number }): unknown;
  /** browser.alarms answers with a promise; the result is not used. */
  clear(name: string): Promise<unknown>;
  get(name: string): Promise<{ name: string; scheduledTime: number; periodInMinutes?: number } | undefined>;
}

export interface SaveQueueDeps {
  area: StorageArea;
  alarms: AlarmsApi;
  now: () => number;
  /** Sends one save; decides whether it is done, to retry, to drop or to keep until its user signs in. */
  send: (item: QueuedSave) => Promise<{ result: SendResult; error?: string }>;
  newId?: () => string;
}

/**
 * The offline queue in `browser.storage.local`. Only the service worker changes it, and every
 * change runs one after the other (a promise chain), so a save added during a flush is never lost.
 */
export class SaveQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SaveQueueDeps) {}

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async list(): Promise<QueuedSave[]> {
    return (await readKey<QueuedSave[]>(this.deps.area, STORAGE_KEYS.queue)) ?? [];
  }

  private async write(items: QueuedSave[]): Promise<void> {
    await this.deps.area.set({ [STORAGE_KEYS.queue]: items });
    await this.schedule(items);
  }

  /** One alarm at the earliest due retry; none when the queue is empty. */
  private async schedule(items: QueuedSave[]): Promise<void> {
    if (items.length === 0) {
      await this.deps.alarms.clear(QUEUE_ALARM);
      return;
    }
    const earliest = Math.min(...items.map((item) => item.nextAttemptAt));
    this.deps.alarms.create(QUEUE_ALARM, { when: Math.max(earliest, this.deps.now() + 1_000) });
  }

  /** Queues a save whose direct attempt just failed; the first retry is one backoff step away. */
  add(input: QueueInput): Promise<QueuedSave> {
    return this.exclusive(async () => {
      const now = this.deps.now();
      const item: QueuedSave = {
        id: this.deps.newId?.() ?? crypto.randomUUID(),
        url: input.url,
        title: input.title,
        categoryId: input.categoryId ?? null,
        newCategory: input.newCategory ?? null,
        userId: input.userId,
        source: input.source,
        queuedAt: now,
        attempts: 1,
        nextAttemptAt: now + backoffDelay(1),
        lastError: input.lastError ?? null,
      };
      await this.write([...(await this.list()), item]);
      return item;
    });
  }

  /**
   * Sends what is due (everything with `force`, e.g. 'Retry now' or a sign-in), oldest first.
   * Stops at the first failure to reach the server: the others would fail the same way.
   */
  flush(options: { force?: boolean } = {}): Promise<{ sent: number; dropped: number; remaining: number }> {
    return this.exclusive(async () => {
      const items = await this.list();
      const kept: QueuedSave[] = [];
      let sent = 0;
      let dropped = 0;
      let unreachable = false;
      for (const item of items) {
        const due = options.force || item.nextAttemptAt <= this.deps.now();
        if (!due || unreachable) {
          kept.push(item);
          continue;
        }
        let outcome: { result: SendResult; error?: string };
        try {
          outcome = await this.deps.send(item);
        } catch (error) {
          outcome = { result: 'retry', error: error instanceof Error ? error.message : String(error) };
        }
        if (outcome.result === 'sent') sent++;
        else if (outcome.result === 'drop') dropped++;
        // Signed out (or another account): keep it; a sign-in flushes with force, the alarm checks rarely.
        else if (outcome.result === 'wait')
          kept.push({ ...item, nextAttemptAt: this.deps.now() + BACKOFF_MAX_MS, lastError: outcome.error ?? item.lastError });
        else {
          unreachable = true;
          const attempts = item.attempts + 1;
          kept.push({
            ...item,
            attempts,
            nextAttemptAt: this.deps.now() + backoffDelay(attempts),
            lastError: outcome.error ?? item.lastError,
          });
        }
      }
      if (sent > 0 || dropped > 0 || kept.some((item, index) => item !== items[index])) await this.write(kept);
      else await this.schedule(kept);
      return { sent, dropped, remaining: kept.length };
    });
  }
}

/** How many saves of this user are waiting (the popup's counter). */
export function countForUser(items: readonly QueuedSave[], userId: string | null): number {
  return userId ? items.filter((item) => item.userId === userId).length : 0;
}
