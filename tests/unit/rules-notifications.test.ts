import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DIGEST_INTERVAL_MS,
  INSTANT_EMAILS_PER_HOUR,
  deliveryFor,
  digestDue,
  instantWindowStart,
  mayEmailAtOnce,
  unsubscribedSettings,
} from '../../shared/rules/notifications.ts';
import { notificationSettingsSchema, unsubscribeClaimsSchema } from '../../shared/schemas/notification-settings.ts';

describe('notification rules', () => {
  it('defaults: share e-mails at once, folder invitations on', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({ share_email: 'instant', folder_invite_email: true });
    expect(deliveryFor(DEFAULT_NOTIFICATION_SETTINGS, 'share')).toBe('instant');
    expect(deliveryFor(DEFAULT_NOTIFICATION_SETTINGS, 'folder_invite')).toBe('instant');
    expect(deliveryFor({ share_email: 'daily', folder_invite_email: false }, 'share')).toBe('daily');
    expect(deliveryFor({ share_email: 'daily', folder_invite_email: false }, 'folder_invite')).toBe('off');
  });

  it('the hourly limit lets exactly INSTANT_EMAILS_PER_HOUR go at once', () => {
    expect(INSTANT_EMAILS_PER_HOUR).toBe(10);
    expect(mayEmailAtOnce(0)).toBe(true);
    expect(mayEmailAtOnce(INSTANT_EMAILS_PER_HOUR - 1)).toBe(true);
    expect(mayEmailAtOnce(INSTANT_EMAILS_PER_HOUR)).toBe(false);
    const now = new Date('2026-12-04T12:00:00Z');
    expect(instantWindowStart(now).toISOString()).toBe('2026-12-04T11:00:00.000Z');
  });

  it('a digest goes once the oldest waiting item is a day old', () => {
    const oldest = new Date('2026-12-04T08:00:00Z');
    expect(digestDue(oldest, new Date(oldest.getTime() + DIGEST_INTERVAL_MS - 1))).toBe(false);
    expect(digestDue(oldest, new Date(oldest.getTime() + DIGEST_INTERVAL_MS))).toBe(true);
  });

  it('unsubscribing turns off only that kind', () => {
    expect(unsubscribedSettings(DEFAULT_NOTIFICATION_SETTINGS, 'share')).toEqual({ share_email: 'off', folder_invite_email: true });
    expect(unsubscribedSettings(DEFAULT_NOTIFICATION_SETTINGS, 'folder_invite')).toEqual({
      share_email: 'instant',
      folder_invite_email: false,
    });
  });

  it('schemas: readable messages, and token claims need a user id, a kind and an expiry', () => {
    const bad = notificationSettingsSchema.safeParse({ share_email: 'hourly', folder_invite_email: true });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Choose Off, At once or Daily digest');
    expect(unsubscribeClaimsSchema.safeParse({ u: '00000000-0000-4000-8000-000000000000', k: 'share', e: 1 }).success).toBe(true);
    expect(unsubscribeClaimsSchema.safeParse({ u: 'me', k: 'share', e: 1 }).success).toBe(false);
    expect(unsubscribeClaimsSchema.safeParse({ u: '00000000-0000-4000-8000-000000000000', k: 'all', e: 1 }).success).toBe(false);
  });
});
