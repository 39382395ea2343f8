import { write } from '../../lib/folder-prefs.ts';

/**
 * The row heights the folder grid measured last, per layout (view mode, columns, reorder bar):
 * the next first screen starts from them. Started from a guess, a first screen whose rows were
 * shorter rendered again, and measured again, before its paint. Not in lib/folder-prefs.ts: that
 * module is in the entry chunk every page loads (app/route-preload.ts reads the sort).
 */
const ROW_HEIGHTS_KEY = 'linkvault.folder.rowHeights';

export function storedRowHeights(): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ROW_HEIGHTS_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0 && entry[1] < 10_000,
      ),
    );
  } catch {
    return new Map(); // storage blocked or a damaged value: the grid's own estimates
  }
}

export const storeRowHeights = (heights: ReadonlyMap<string, number>) =>
  write(ROW_HEIGHTS_KEY, JSON.stringify(Object.fromEntries(heights)));
