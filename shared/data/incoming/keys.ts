import type { SharedLinkStatus } from '../../constants.ts';

export const incomingKeys = {
  all: ['incoming'] as const,
  lists: () => [...incomingKeys.all, 'list'] as const,
  /** status null = every status. */
  list: (filter: { userId: string; status: SharedLinkStatus | null }) => [...incomingKeys.lists(), filter] as const,
  details: () => [...incomingKeys.all, 'detail'] as const,
  detail: (id: string) => [...incomingKeys.details(), id] as const,
  /** The badge count of pending shares. */
  pendingCount: (userId: string) => [...incomingKeys.all, 'pending-count', userId] as const,
};
