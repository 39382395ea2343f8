import { SORT_OPTIONS, type SortOption } from '~shared/constants.ts';

/**
 * The folder view's view mode and sort, remembered per browser (part 2 §4 'Other'). No React here:
 * the first-load starter reads the sort before anything else loads (app/route-preload.ts).
 */
export const VIEW_KEY = 'linkvault.folder.viewMode';
export const SORT_KEY = 'linkvault.folder.sort';

export function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback; // storage blocked (private mode, policies): defaults, nothing remembered
  }
}

export function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered; the choice still applies to this page
  }
}

/** The remembered sort, read once (a first load starts the reads that sort needs: app/route-preload.ts). */
export const storedFolderSort = (): SortOption => read(SORT_KEY, SORT_OPTIONS, 'newest');

/**
 * A folder's first screen is drawn from its newest links (FOLDER_FIRST_SCREEN) in the Newest sort;
 * another remembered sort needs the whole list from the start (folder-view.tsx, app/route-preload.ts).
 */
export const folderStartsWithFirstScreen = () => storedFolderSort() === 'newest';
