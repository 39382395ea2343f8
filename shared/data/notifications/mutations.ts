import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '../../rules/notifications.ts';
import type { DataClient } from '../client.ts';
import { saveNotificationSettings } from './api.ts';
import { notificationKeys } from './keys.ts';

export const notificationMutations = {
  save: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...notificationKeys.all, 'save'],
      mutationFn: (input: NotificationSettings) => saveNotificationSettings(client, userId, input),
      onSuccess: (row) => queryClient.setQueryData(notificationKeys.detail(userId), row),
    }),
};
