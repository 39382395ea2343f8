import { NEW_CATEGORY_OPTION } from '../constants.ts';

/** Where an AI suggestion is saved: an existing folder, a new one by the suggested name, or the default. */
export type SuggestionFolderChoice =
  | { categoryId: string; newCategory?: undefined }
  | { categoryId: typeof NEW_CATEGORY_OPTION; newCategory: string }
  | { categoryId: undefined; newCategory?: undefined };

/** Folder names longer than this are cut (the suggestion's category is free text from the model). */
const AI_CATEGORY_NAME_MAX = 60;

/**
 * The suggested category as a link-form choice (part 2 §2 'AI Link Discovery': "added into its
 * suggested category, created when missing"): the user's folder with that name (case and spacing
 * ignored), else '+ Create new category' with the name; no category → the default folder.
 */
export function suggestionFolderChoice(category: string, folders: ReadonlyArray<{ id: string; name: string }>): SuggestionFolderChoice {
  const name = category.replace(/\s+/g, ' ').trim().slice(0, AI_CATEGORY_NAME_MAX).trim();
  if (!name) return { categoryId: undefined };
  const existing = folders.find((folder) => folder.name.replace(/\s+/g, ' ').trim().toLowerCase() === name.toLowerCase());
  return existing ? { categoryId: existing.id } : { categoryId: NEW_CATEGORY_OPTION, newCategory: name };
}
