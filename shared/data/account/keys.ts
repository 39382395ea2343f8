export const accountKeys = {
  all: ['account'] as const,
  identities: (userId: string) => [...accountKeys.all, 'identities', userId] as const,
  controls: (userId: string) => [...accountKeys.all, 'controls', userId] as const,
};
