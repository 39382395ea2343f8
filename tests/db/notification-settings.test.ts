/**
 * Notification settings (notification_settings): one row per user through the data layer, only
 * the owner reads or changes it; the outbox (notification_outbox) is the server's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNotificationSettings, saveNotificationSettings } from '../../shared/data/notifications/api.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../shared/rules/notifications.ts';
import { notificationSettingsSchema } from '../../shared/schemas/notification-settings.ts';
import { serviceClient } from '../setup/clients.ts';
import { dataUser, readAsService, type DataUser } from '../integration/data-setup.ts';

let a: DataUser;
let b: DataUser;
beforeAll(async () => {
  [a, b] = await Promise.all([dataUser(), dataUser()]);
});
afterAll(async () => {
  await Promise.all([a?.client.auth.signOut(), b?.client.auth.signOut()]);
});

describe('notification_settings', () => {
  it('reads the defaults before the first save, then what was saved', async () => {
    expect(await getNotificationSettings(a.client, a.userId)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const saved = await saveNotificationSettings(a.client, a.userId, { share_email: 'daily', folder_invite_email: false });
    expect(saved).toEqual({ share_email: 'daily', folder_invite_email: false });
    expect(await getNotificationSettings(a.client, a.userId)).toEqual(saved);
    const [row] = await readAsService('notification_settings', 'user_id', a.userId);
    expect(row).toMatchObject({ share_email: 'daily', folder_invite_email: false });
  });

  it("another user reads 0 rows and changes 0 rows of the owner's settings", async () => {
    await saveNotificationSettings(a.client, a.userId, { share_email: 'instant', folder_invite_email: true });
    const read = await b.client.from('notification_settings').select('user_id').eq('user_id', a.userId);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const updated = await b.client.from('notification_settings').update({ share_email: 'off' }).eq('user_id', a.userId).select('user_id');
    expect(updated.data ?? []).toHaveLength(0);
    const deleted = await b.client.from('notification_settings').delete().eq('user_id', a.userId).select('user_id');
    expect(deleted.data ?? []).toHaveLength(0);
    // Writing a row for someone else is refused by the policy's check.
    const foreign = await b.client
      .from('notification_settings')
      .upsert({ user_id: a.userId, share_email: 'off' }, { onConflict: 'user_id' });
    expect(foreign.error).not.toBeNull();
    const [row] = await readAsService('notification_settings', 'user_id', a.userId);
    expect(row).toMatchObject({ share_email: 'instant', folder_invite_email: true });
    // Positive control: the owner's own update touches one row.
    const own = await a.client.from('notification_settings').update({ share_email: 'off' }).eq('user_id', a.userId).select('user_id');
    expect(own.data).toHaveLength(1);
  });

  it('refuses values outside the list', async () => {
    const { error } = await a.client
      .from('notification_settings')
      .upsert({ user_id: a.userId, share_email: 'hourly' }, { onConflict: 'user_id' });
    expect(error?.code).toBe('23514');
    expect(notificationSettingsSchema.safeParse({ share_email: 'hourly', folder_invite_email: true }).success).toBe(false);
  });
});

describe('notification_outbox', () => {
  it("is not readable or writable by clients, not even the recipient's own rows", async () => {
    const { data: seeded, error } = await serviceClient()
      .from('notification_outbox')
      .insert({ user_id: a.userId, kind: 'share' })
      .select('id')
      .single();
    expect(error).toBeNull();
    const read = await a.client.from('notification_outbox').select('id').eq('id', seeded!.id);
    expect(read.data ?? []).toEqual([]);
    const updated = await a.client.from('notification_outbox').update({ status: 'skipped' }).eq('id', seeded!.id).select('id');
    expect(updated.data ?? []).toEqual([]);
    const inserted = await a.client.from('notification_outbox').insert({ user_id: a.userId, kind: 'share' });
    expect(inserted.error).not.toBeNull();
    const [row] = await readAsService('notification_outbox', 'id', seeded!.id);
    expect(row.status).toBe('pending');
  });
});
