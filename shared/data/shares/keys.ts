export const shareKeys = {
  all: ['shares'] as const,
  lists: () => [...shareKeys.all, 'list'] as const,
  /** Links the user shared (outgoing). */
  list: (filter: { userId: string }) => [...shareKeys.lists(), filter] as const,
  details: () => [...shareKeys.all, 'detail'] as const,
  detail: (id: string) => [...shareKeys.details(), id] as const,
  /** Username suggestions for the share dialog. */
  usernameSearch: (prefix: string) => [...shareKeys.all, 'usernames', prefix.toLowerCase()] as const,
};
