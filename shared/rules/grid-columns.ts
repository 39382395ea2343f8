import { GRID_BREAKPOINTS, GRID_COLUMNS, type ViewMode } from '../constants.ts';

/**
 * Grid columns for a view mode at a window width: gallery 2/3/4/6 and compact 3/4/6/8 at widths
 * <640 / >=640 / >=768 / >=1024; list is always 1. Up/down reordering moves by this many items.
 */
export function gridColumns(viewMode: ViewMode, windowWidth: number): number {
  const tier = GRID_BREAKPOINTS.filter((breakpoint) => windowWidth >= breakpoint).length;
  return GRID_COLUMNS[viewMode][tier];
}
