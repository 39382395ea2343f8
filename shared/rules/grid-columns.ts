import { GRID_GAP_PX, GRID_MAX_COLUMNS, GRID_MIN_CARD_WIDTH, type ViewMode } from '../constants.ts';

/**
 * Grid columns for a view mode in a grid `gridWidth` px wide: as many cards of at least the mode's
 * minimum width as fit (gaps included), at least 1 and at most the mode's maximum; list is always 1.
 * Up/down reordering moves by this many items.
 */
export function gridColumns(viewMode: ViewMode, gridWidth: number): number {
  if (viewMode === 'list') return 1;
  const fit = Math.floor((gridWidth + GRID_GAP_PX) / (GRID_MIN_CARD_WIDTH[viewMode] + GRID_GAP_PX));
  return Math.max(1, Math.min(GRID_MAX_COLUMNS[viewMode], fit));
}
