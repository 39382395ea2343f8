import type { Category } from '~shared/data/categories/api.ts';

/** part 2 §6: non-admins cannot copy into template or default folders (copy-link-dialog.tsx lists these). */
export function copyDestinations(categories: readonly Category[], isAdmin: boolean): Category[] {
  return categories.filter((c) => !c.is_template && (isAdmin || !c.is_default));
}

/** A folder's path from the top ('Work › Reading'), as the folder pickers name subfolders. */
export function folderPath(categories: readonly Pick<Category, 'id' | 'name' | 'parent_category_id'>[], id: string): string {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names: string[] = [];
  const seen = new Set<string>();
  for (
    let folder = byId.get(id);
    folder && !seen.has(folder.id);
    folder = folder.parent_category_id ? byId.get(folder.parent_category_id) : undefined
  ) {
    seen.add(folder.id);
    names.unshift(folder.name);
  }
  return names.join(' › ');
}
