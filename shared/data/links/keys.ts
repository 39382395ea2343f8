/** Links lists are keyed per user (and folder), so switching accounts never shows stale rows. */
export interface LinkListFilter {
  userId: string;
  /** A folder: links whose category_id or second_category_id is it. */
  categoryId?: string;
  /** Only the folder's newest links, for its first screen (links/api.ts FOLDER_FIRST_SCREEN). */
  firstScreen?: true;
}

export const linkKeys = {
  all: ['links'] as const,
  lists: () => [...linkKeys.all, 'list'] as const,
  list: (filter: LinkListFilter) => [...linkKeys.lists(), filter] as const,
  details: () => [...linkKeys.all, 'detail'] as const,
  detail: (id: string) => [...linkKeys.details(), id] as const,
};
