import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../rules/notifications.ts';
import type { DataClient } from '../client.ts';
import { unwrap } from '../errors.ts';

const COLUMNS = 'share_email,folder_invite_email';

/** The user's notification settings; the defaults while they have no row. */
export async function getNotificationSettings(client: DataClient, userId: string): Promise<NotificationSettings> {
  const row = unwrap(await client.from('notification_settings').select(COLUMNS).eq('user_id', userId).maybeSingle());
  return row ? (row as NotificationSettings) : DEFAULT_NOTIFICATION_SETTINGS;
}

/** Upsert by user, checked by the schema first (loaded on save only). */
export async function saveNotificationSettings(
  client: DataClient,
  userId: string,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  const { notificationSettingsSchema } = await import('../../schemas/notification-settings.ts');
  const values = notificationSettingsSchema.parse(input);
  const row = unwrap(
    await client
      .from('notification_settings')
      .upsert({ user_id: userId, ...values }, { onConflict: 'user_id' })
      .select(COLUMNS)
      .single(),
  );
  return row as NotificationSettings;
}
