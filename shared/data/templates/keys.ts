export const templateKeys = {
  all: ['templates'] as const,
  lists: () => [...templateKeys.all, 'list'] as const,
  /** Template folders (top level, or the subfolders of parentId). */
  list: (filter: { parentId?: string } = {}) => [...templateKeys.lists(), filter] as const,
  details: () => [...templateKeys.all, 'detail'] as const,
  detail: (id: string) => [...templateKeys.details(), id] as const,
  /** Every template folder and link preview (dashboard cards). */
  tree: () => [...templateKeys.all, 'tree'] as const,
  /** A template folder's links. */
  links: (categoryId: string) => [...templateKeys.all, 'links', categoryId] as const,
};
