import { useCallback, useState } from 'react';
import { SORT_OPTIONS, VIEW_MODES, type SortOption, type ViewMode } from '~shared/constants.ts';

/** The folder view's view mode and sort, remembered per browser (part 2 §4 'Other'). */
const VIEW_KEY = 'linkvault.folder.viewMode';
const SORT_KEY = 'linkvault.folder.sort';

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  } catch {
    return fallback; // storage blocked (private mode, policies): defaults, nothing remembered
  }
}

function write(key: string, value: string) {
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

export function useFolderPrefs() {
  const [viewMode, setViewModeState] = useState<ViewMode>(() => read(VIEW_KEY, VIEW_MODES, 'gallery'));
  const [sort, setSortState] = useState<SortOption>(storedFolderSort);
  const setViewMode = useCallback((mode: ViewMode) => {
    setViewModeState(mode);
    write(VIEW_KEY, mode);
  }, []);
  const setSort = useCallback((next: SortOption) => {
    setSortState(next);
    write(SORT_KEY, next);
  }, []);
  return { viewMode, setViewMode, sort, setSort };
}
