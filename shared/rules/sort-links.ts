import type { SortOption } from '../constants.ts';

export interface SortableLink {
  title: string;
  created_at: string;
  access_count?: number | null;
  share_count?: number | null;
}

const byNewest = (a: SortableLink, b: SortableLink) => Date.parse(b.created_at) - Date.parse(a.created_at);

const comparators: Record<SortOption, (a: SortableLink, b: SortableLink) => number> = {
  newest: byNewest,
  oldest: (a, b) => -byNewest(a, b),
  // Locale-aware and case-insensitive ('apple' next to 'Apple'); accents still count.
  alphabetical: (a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'accent', numeric: true }),
  most_viewed: (a, b) => (b.access_count ?? 0) - (a.access_count ?? 0),
  most_shared: (a, b) => (b.share_count ?? 0) - (a.share_count ?? 0),
};

/** A sorted copy; ties fall back to newest first so the order is stable across reloads. */
export function sortLinks<T extends SortableLink>(links: readonly T[], sort: SortOption): T[] {
  const compare = comparators[sort];
  return [...links].sort((a, b) => compare(a, b) || byNewest(a, b));
}
