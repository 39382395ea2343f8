import { browser } from '../../lib/browser.ts';
import type { WorkerMessage } from '../../lib/messages.ts';

/** Asks the service worker to do something (badge refresh, queue a save, retry the queue). */
export async function tellWorker<T = { ok: boolean }>(message: WorkerMessage): Promise<T | undefined> {
  try {
    // The worker's reply is whatever its handler answered for this message type.
    const reply: unknown = await browser.runtime.sendMessage(message);
    return reply as T;
  } catch {
    return undefined; // The worker may be restarting; the badge alarm catches up.
  }
}
