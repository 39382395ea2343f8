export const privacyKeys = {
  all: ['privacy'] as const,
  details: () => [...privacyKeys.all, 'detail'] as const,
  detail: (userId: string) => [...privacyKeys.details(), userId] as const,
};
