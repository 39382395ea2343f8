/**
 * Primary/secondary category rule (part 1 §4): category_id is always the default category
 * ('Recently Saved Links'); a chosen non-default category goes into second_category_id;
 * choosing the default category (or none) clears the second one.
 */
export interface CategoryAssignment {
  category_id: string;
  second_category_id: string | null;
}

export function assignLinkCategories(chosenCategoryId: string | null | undefined, defaultCategoryId: string): CategoryAssignment {
  const second = chosenCategoryId && chosenCategoryId !== defaultCategoryId ? chosenCategoryId : null;
  return { category_id: defaultCategoryId, second_category_id: second };
}

/** The category a link is shown under in the form: the secondary one when set, else the default. */
export function effectiveCategoryId(link: { category_id: string | null; second_category_id: string | null }): string | null {
  return link.second_category_id ?? link.category_id;
}
