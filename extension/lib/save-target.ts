/** Where a background save came from (feedback wording and tests). */
export type SaveSource = 'link' | 'page' | 'image' | 'selection' | 'shortcut' | 'popup';

/** What to save: a URL and a title; the folder is the default 'Recently Saved Links' unless chosen. */
export interface SaveTarget {
  url: string;
  title: string;
  source: SaveSource;
  /** A folder id, or NEW_CATEGORY_OPTION with `newCategory`; empty = 'Recently Saved Links'. */
  categoryId?: string | null;
  newCategory?: string | null;
  /** The tab's favicon URL when the target is the tab itself (a preview hint). */
  faviconUrl?: string | null;
}
