import { forwardRef, type SelectHTMLAttributes } from 'react';
import { NEW_CATEGORY_OPTION } from '../constants.ts';
import { cn } from './cn.ts';
import { CONTROL_CLASS } from './field-classes.ts';

export interface CategoryOption {
  id: string;
  name: string;
  /** Subfolders are indented under their parent when given. */
  parent_category_id?: string | null;
}

export const CREATE_CATEGORY_LABEL = '+ Create new category';

export interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  categories: readonly CategoryOption[];
  /** Adds '+ Create new category' (value NEW_CATEGORY_OPTION) at the end. */
  allowCreate?: boolean;
  /** A first, empty option (e.g. 'Choose a folder'); without it the first category is preselected by the browser. */
  placeholder?: string;
}

/** Orders folders so each subfolder follows its parent; returns [option, depth] pairs. */
function withDepth(categories: readonly CategoryOption[]): Array<[CategoryOption, number]> {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, CategoryOption[]>();
  for (const category of categories) {
    const parent = category.parent_category_id && ids.has(category.parent_category_id) ? category.parent_category_id : null;
    children.set(parent, [...(children.get(parent) ?? []), category]);
  }
  const out: Array<[CategoryOption, number]> = [];
  const visit = (parent: string | null, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      out.push([category, depth]);
      if (depth < 8) visit(category.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** A native select (best keyboard, screen reader and phone support) of the user's folders. */
export const CategorySelect = forwardRef<HTMLSelectElement, CategorySelectProps>(function CategorySelect(
  { categories, allowCreate = true, placeholder, className, ...props },
  ref,
) {
  return (
    <select ref={ref} className={cn(CONTROL_CLASS, 'h-10 pr-8', className)} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {withDepth(categories).map(([category, depth]) => (
        <option key={category.id} value={category.id}>
          {`${'\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '↳ ' : ''}${category.name}`}
        </option>
      ))}
      {allowCreate ? <option value={NEW_CATEGORY_OPTION}>{CREATE_CATEGORY_LABEL}</option> : null}
    </select>
  );
});
