/** Tag reads are keyed per user, so switching accounts never shows another user's tags. */
export const tagKeys = {
  all: ['tags'] as const,
  list: (userId: string) => [...tagKeys.all, 'list', userId] as const,
  pairs: (userId: string) => [...tagKeys.all, 'pairs', userId] as const,
  note: (linkId: string) => [...tagKeys.all, 'note', linkId] as const,
};
