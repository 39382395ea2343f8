import type { QueueInput } from './queue.ts';

/** Messages extension pages (popup, options) send to the service worker. */
export type WorkerMessage =
  | { type: 'badge:refresh' }
  | { type: 'queue:add'; item: QueueInput }
  | { type: 'queue:flush' }
  /** A page changed links (save, edit, delete, save all tabs): read them again from the server. */
  | { type: 'links:refresh' };

export interface MessageSenderLike {
  id?: string;
  url?: string;
  origin?: string;
}

/**
 * Only our own extension pages may talk to the worker: same extension id AND a page of this
 * extension (a content script, which we do not have, would carry the web page's URL instead).
 */
export function isTrustedSender(sender: MessageSenderLike, runtimeId: string, extensionOrigin: string): boolean {
  if (!runtimeId || sender.id !== runtimeId) return false;
  if (typeof sender.url !== 'string') return false;
  try {
    return new URL(sender.url).origin === new URL(extensionOrigin).origin;
  } catch {
    return false;
  }
}

const str = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const optionalStr = (value: unknown, max: number) => value === null || value === undefined || str(value, max);

/** Narrows an untrusted message body to a known message (anything else is ignored). */
export function parseWorkerMessage(message: unknown): WorkerMessage | null {
  if (!message || typeof message !== 'object') return null;
  const body = message as Record<string, unknown>;
  switch (body.type) {
    case 'badge:refresh':
    case 'queue:flush':
    case 'links:refresh':
      return { type: body.type };
    case 'queue:add': {
      const item = body.item as Record<string, unknown> | undefined;
      if (!item || !str(item.url, 4096) || !str(item.title, 1000) || !str(item.userId, 100) || !str(item.source, 40)) return null;
      if (!optionalStr(item.categoryId, 100) || !optionalStr(item.newCategory, 200) || !optionalStr(item.lastError, 1000)) return null;
      return {
        type: 'queue:add',
        item: {
          url: item.url,
          title: item.title,
          userId: item.userId,
          source: item.source,
          categoryId: item.categoryId ?? null,
          newCategory: item.newCategory ?? null,
          lastError: item.lastError ?? null,
        },
      };
    }
    default:
      return null;
  }
}
