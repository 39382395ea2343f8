import { useCallback, useState } from 'react';
import { VIEW_MODES, type SortOption, type ViewMode } from '~shared/constants.ts';
import { read, SORT_KEY, storedFolderSort, VIEW_KEY, write } from './folder-prefs.ts';

/** The folder view's view mode and sort, remembered per browser (folder-prefs.ts). */
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
