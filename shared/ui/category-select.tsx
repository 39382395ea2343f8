import { forwardRef, type SelectHTMLAttributes } from 'react';
import { NEW_CATEGORY_OPTION } from '../constants.ts';
import { buildFolderTree, flattenFolderTree } from '../rules/folder-tree.ts';
import { cn } from './cn.ts';
import { CONTROL_CLASS } from './field-classes.ts';

export interface CategoryOption {
  id: string;
  name: string;
  /** Subfolders are indented under their parent when given. */
  parent_category_id?: string | null;
}

const CREATE_CATEGORY_LABEL = '+ Create new category';

export interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  categories: readonly CategoryOption[];
  /** Adds '+ Create new category' (value NEW_CATEGORY_OPTION) at the end. */
  allowCreate?: boolean;
  /** A first, empty option (e.g. 'Choose a folder'); without it the first category is preselected by the browser. */
  placeholder?: string;
  /** Shown in their place in the tree but not choosable (e.g. the folder a link is already in). */
  disabledIds?: ReadonlySet<string>;
}

/** Deeper folders are indented no further, and their label keeps only the end of the path. */
const MAX_INDENT = 8;
const MAX_PATH_NAMES = 6;

/**
 * Orders folders so each subfolder follows its parent, however deep (an imported tree may be 1,000
 * levels); returns [option, depth, label] triples. A subfolder's label is its path ('Work › Reading'):
 * two subfolders of the same name in different folders stay told apart, also in the closed select,
 * which shows only the chosen label.
 */
export function withDepth(categories: readonly CategoryOption[]): Array<[CategoryOption, number, string]> {
  const tree = buildFolderTree(categories.map((c) => ({ ...c, parent_category_id: c.parent_category_id ?? null })));
  const paths = new Map<string, readonly string[]>();
  return flattenFolderTree(tree, () => true).map(({ folder, depth }) => {
    const parent = folder.parent_category_id ? paths.get(folder.parent_category_id) : undefined;
    const path = [...(parent ?? []).slice(-(MAX_PATH_NAMES - 1)), folder.name];
    paths.set(folder.id, path);
    const label = depth + 1 > path.length ? `… › ${path.join(' › ')}` : path.join(' › ');
    return [folder, depth, label];
  });
}

/** A native select (best keyboard, screen reader and phone support) of the user's folders. */
export const CategorySelect = forwardRef<HTMLSelectElement, CategorySelectProps>(function CategorySelect(
  { categories, allowCreate = true, placeholder, disabledIds, className, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(CONTROL_CLASS, 'h-10 pr-8', className)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {withDepth(categories).map(([category, depth, label]) => (
        <option key={category.id} value={category.id} disabled={disabledIds?.has(category.id)}>
          {`${'\u00a0\u00a0'.repeat(Math.min(depth, MAX_INDENT))}${depth > 0 ? '↳ ' : ''}${label}`}
        </option>
      ))}
      {allowCreate ? <option value={NEW_CATEGORY_OPTION}>{CREATE_CATEGORY_LABEL}</option> : null}
    </select>
  );
});
