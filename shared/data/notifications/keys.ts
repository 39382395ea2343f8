export const notificationKeys = {
  all: ['notification-settings'] as const,
  detail: (userId: string) => [...notificationKeys.all, 'detail', userId] as const,
};
