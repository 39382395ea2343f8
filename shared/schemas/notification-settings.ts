import { z } from 'zod';
import { NOTIFICATION_KINDS, SHARE_EMAIL_CHOICES } from '../rules/notifications.ts';

/** notification_settings fields (Settings → Notifications; upserted by user_id). */
export const notificationSettingsSchema = z.object({
  share_email: z.enum(SHARE_EMAIL_CHOICES, { error: 'Choose Off, At once or Daily digest' }),
  folder_invite_email: z.boolean({ error: 'Choose on or off' }),
});

/** The body the unsubscribe function takes from the web page. */
export const unsubscribeBodySchema = z.object({
  token: z.string({ error: 'The unsubscribe link is missing its token' }).min(1, 'The unsubscribe link is missing its token').max(2000),
});

/** The token's signed content: user, kind, expiry (seconds since epoch). */
export const unsubscribeClaimsSchema = z.object({
  u: z.uuid(),
  k: z.enum(NOTIFICATION_KINDS),
  e: z.number().int().positive(),
});
