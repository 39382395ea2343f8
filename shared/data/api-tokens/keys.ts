export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  lists: () => [...apiTokenKeys.all, 'list'] as const,
  list: (userId: string) => [...apiTokenKeys.lists(), userId] as const,
};
