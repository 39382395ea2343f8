import { browser } from 'wxt/browser';
import type { WorkerMessage } from '../../lib/messages.ts';

/** Asks the service worker to do something (badge refresh, queue a save, retry the queue). */
export async function tellWorker<T = { ok: boolean }>(message: WorkerMessage): Promise<T | undefined> {
  try {
    return (await browser.runtime.sendMessage(message)) as T;
  } catch {
    return undefined; // The worker may be restarting; the badge alarm catches up.
  }
}
