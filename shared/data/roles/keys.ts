export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (userId: string) => [...roleKeys.lists(), userId] as const,
};
