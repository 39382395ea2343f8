export const appearanceKeys = {
  all: ['appearance'] as const,
  details: () => [...appearanceKeys.all, 'detail'] as const,
  detail: (userId: string) => [...appearanceKeys.details(), userId] as const,
};
