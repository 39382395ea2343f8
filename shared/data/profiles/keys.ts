export const profileKeys = {
  all: ['profiles'] as const,
  details: () => [...profileKeys.all, 'detail'] as const,
  detail: (userId: string) => [...profileKeys.details(), userId] as const,
  usernameHistory: (userId: string) => [...profileKeys.all, 'username-history', userId] as const,
  usernameAvailable: (username: string) => [...profileKeys.all, 'username-available', username.toLowerCase()] as const,
  slugAvailable: (slug: string) => [...profileKeys.all, 'slug-available', slug.toLowerCase()] as const,
};
