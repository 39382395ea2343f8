export const preferencesKeys = {
  all: ['preferences'] as const,
  details: () => [...preferencesKeys.all, 'detail'] as const,
  detail: (userId: string) => [...preferencesKeys.details(), userId] as const,
};
