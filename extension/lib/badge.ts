import { INCOMING_REFRESH_MS } from '~shared/constants.ts';
import { incomingBadgeText, incomingCountTitle } from '~shared/rules/incoming-count.ts';
import type { AlarmsApi } from './queue.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { readKey, type StorageArea } from './storage-area.ts';

/** The part of `browser.action` the badge uses. */
export interface ActionApi {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
  setBadgeTextColor?(details: { color: string }): Promise<void> | void;
}

export const BADGE_ALARM = 'linkvault-badge-refresh';
/** The spec's incoming refresh (30 s), as an alarm period in minutes. */
const BADGE_PERIOD_MINUTES = INCOMING_REFRESH_MS / 60_000;
const FLASH_MS = 2_500;

const COLORS = { count: '#2563eb', ok: '#16a34a', queued: '#d97706', error: '#dc2626' } as const;

/** The count's text and tooltip: the shared incoming-count rule. */
export const badgeText = incomingBadgeText;
export const countTitle = incomingCountTitle;

export type FlashKind = 'ok' | 'queued' | 'error';
const FLASH_TEXT: Record<FlashKind, string> = { ok: '✓', queued: '…', error: '!' };

export interface BadgeDeps {
  action: ActionApi;
  alarms: AlarmsApi;
  area: StorageArea;
  /** Pending incoming shares, or null when nobody is signed in. Throws when the server cannot be reached. */
  pendingCount: () => Promise<number | null>;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

/**
 * The toolbar badge: the number of pending incoming shares (empty at 0), refreshed by a 30 s
 * alarm while signed in. A save from a menu or the shortcut flashes ✓ / … / ! for a moment.
 */
export class Badge {
  private flashUntil = 0;
  private flashSerial = 0;

  constructor(private readonly deps: BadgeDeps) {}

  private async show(count: number): Promise<void> {
    await this.deps.action.setBadgeBackgroundColor({ color: COLORS.count });
    await this.deps.action.setBadgeTextColor?.({ color: '#ffffff' });
    await this.deps.action.setBadgeText({ text: badgeText(count) });
    await this.deps.action.setTitle({ title: countTitle(count) });
  }

  async storedCount(): Promise<number> {
    return (await readKey<number>(this.deps.area, STORAGE_KEYS.badgeCount)) ?? 0;
  }

  /** Asks the server for the count. Signed out: no badge and no alarm. Unreachable: the last count stays. */
  async refresh(): Promise<number | null> {
    let count: number | null;
    try {
      count = await this.deps.pendingCount();
    } catch {
      await this.ensureAlarm();
      return this.storedCount();
    }
    if (count === null) {
      await this.deps.alarms.clear(BADGE_ALARM);
      await this.deps.area.set({ [STORAGE_KEYS.badgeCount]: 0 });
      if (Date.now() >= this.flashUntil) await this.show(0);
      return null;
    }
    await this.deps.area.set({ [STORAGE_KEYS.badgeCount]: count });
    await this.ensureAlarm();
    if (Date.now() >= this.flashUntil) await this.show(count);
    return count;
  }

  /** The periodic alarm, created once (re-creating it would push the next tick back). */
  private async ensureAlarm(): Promise<void> {
    const existing = await this.deps.alarms.get(BADGE_ALARM);
    if (!existing) this.deps.alarms.create(BADGE_ALARM, { periodInMinutes: BADGE_PERIOD_MINUTES, delayInMinutes: BADGE_PERIOD_MINUTES });
  }

  /** Feedback for a background save, then back to the count. */
  async flash(kind: FlashKind, title: string): Promise<void> {
    const serial = ++this.flashSerial;
    this.flashUntil = Date.now() + FLASH_MS;
    await this.deps.action.setBadgeBackgroundColor({ color: COLORS[kind] });
    await this.deps.action.setBadgeText({ text: FLASH_TEXT[kind] });
    await this.deps.action.setTitle({ title });
    const restore = async () => {
      if (serial !== this.flashSerial) return;
      this.flashUntil = 0;
      await this.show(await this.storedCount());
    };
    (this.deps.setTimer ?? setTimeout)(() => void restore(), FLASH_MS);
  }
}
