export const blockedKeys = {
  all: ['blocked'] as const,
  lists: () => [...blockedKeys.all, 'list'] as const,
  list: (userId: string) => [...blockedKeys.lists(), userId] as const,
};
