/** A background scope: a folder (category_id) or a named place ('banner', 'dashboard', a page name). */
export type BackgroundScope = { categoryId: string } | { name: string };

export const backgroundKeys = {
  all: ['backgrounds'] as const,
  lists: () => [...backgroundKeys.all, 'list'] as const,
  list: (filter: { userId: string; scope: BackgroundScope }) => [...backgroundKeys.lists(), filter] as const,
};
