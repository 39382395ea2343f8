export const aiKeys = {
  all: ['ai'] as const,
  lists: () => [...aiKeys.all, 'history'] as const,
  list: (userId: string) => [...aiKeys.lists(), userId] as const,
};
