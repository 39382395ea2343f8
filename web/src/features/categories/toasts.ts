/** Success toasts of the category features (part 1 §8: "Category created / updated / deleted"). */
export const categoryCreated = (name: string) => ({ title: 'Category created', description: `"${name}" is ready for your links.` });
export const categoryUpdated = (name: string) => ({ title: 'Category updated', description: `"${name}" has been saved.` });
export const categoryDeleted = (name: string) => ({ title: 'Category deleted', description: `"${name}" and its links were deleted.` });
