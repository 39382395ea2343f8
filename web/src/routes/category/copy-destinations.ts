import type { Category } from '~shared/data/categories/api.ts';

/** part 2 §6: non-admins cannot copy into template or default folders (copy-link-dialog.tsx lists these). */
export function copyDestinations(categories: readonly Category[], isAdmin: boolean): Category[] {
  return categories.filter((c) => !c.is_template && (isAdmin || !c.is_default));
}
