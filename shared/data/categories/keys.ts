export interface CategoryListFilter {
  userId: string;
  /** Subfolders of this folder; omitted = every folder of the user. */
  parentId?: string;
}

export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (filter: CategoryListFilter) => [...categoryKeys.lists(), filter] as const,
  details: () => [...categoryKeys.all, 'detail'] as const,
  detail: (id: string) => [...categoryKeys.details(), id] as const,
};
