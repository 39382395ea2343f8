/**
 * E-mail notifications (Settings → Notifications): the choices, what a user without a row gets,
 * and the sending rules the send-notifications function applies. Plain data, no zod.
 */

/** 'E-mail me when someone shares a link with me'. */
export const SHARE_EMAIL_CHOICES = ['off', 'instant', 'daily'] as const;
export type ShareEmail = (typeof SHARE_EMAIL_CHOICES)[number];

export const SHARE_EMAIL_LABELS: Record<ShareEmail, string> = { off: 'Off', instant: 'At once', daily: 'Daily digest' };

export interface NotificationSettings {
  share_email: ShareEmail;
  /** 'E-mail me when someone invites me to a folder'. */
  folder_invite_email: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { share_email: 'instant', folder_invite_email: true };

/** What an e-mail is about; also what its unsubscribe link turns off. */
export const NOTIFICATION_KINDS = ['share', 'folder_invite'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How the user's settings send one kind of e-mail right now. */
export function deliveryFor(settings: NotificationSettings, kind: NotificationKind): ShareEmail {
  if (kind === 'share') return settings.share_email;
  return settings.folder_invite_email ? 'instant' : 'off';
}

/** The settings after 'unsubscribe' from one kind. */
export function unsubscribedSettings(settings: NotificationSettings, kind: NotificationKind): NotificationSettings {
  return kind === 'share' ? { ...settings, share_email: 'off' } : { ...settings, folder_invite_email: false };
}

/** At most this many e-mails sent at once per recipient per hour; beyond that, items wait for the next digest. */
export const INSTANT_EMAILS_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;
export const DIGEST_INTERVAL_MS = 24 * HOUR_MS;

/** The start of the hour the instant limit counts (sends at or after it count). */
export const instantWindowStart = (now: Date): Date => new Date(now.getTime() - HOUR_MS);

/** Whether one more e-mail may go at once, given how many went to this recipient in the last hour. */
export function mayEmailAtOnce(sentInLastHour: number): boolean {
  return sentInLastHour < INSTANT_EMAILS_PER_HOUR;
}

/**
 * A digest lists everything waiting and goes once the oldest waiting item is a day old: at most
 * one digest a day per recipient, and nothing waits longer than a day.
 */
export function digestDue(oldestWaiting: Date, now: Date): boolean {
  return now.getTime() - oldestWaiting.getTime() >= DIGEST_INTERVAL_MS;
}

/** How long an unsubscribe link works. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** The web page an e-mail's unsubscribe link opens (the token in the fragment). */
export const UNSUBSCRIBE_PATH = '/notifications/unsubscribe';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'This unsubscribe link is not valid. Open it again from the e-mail, or change your e-mails in Settings → Notifications.',
  expired: 'This unsubscribe link has expired. Change your e-mails in Settings → Notifications.',
} as const;

/** What the confirm page and the function's answer call each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  share: 'e-mails about links shared with you',
  folder_invite: 'e-mails about folder invitations',
};
