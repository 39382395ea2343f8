import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getNotificationSettings } from './api.ts';
import { notificationKeys } from './keys.ts';

export const notificationQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: notificationKeys.detail(userId), queryFn: () => getNotificationSettings(client, userId) }),
};
