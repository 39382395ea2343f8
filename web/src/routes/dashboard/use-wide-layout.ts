import { useSyncExternalStore } from 'react';

/** The dashboard's two-column layout starts at Tailwind's lg breakpoint (the `lg:` classes in dashboard.tsx). */
const QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Wide: the add form and Manage Categories form a sidebar beside the grid (and come first in the
 * tab order, so 'Add Category' is a few Tab presses away whatever the number of links). Narrow: the
 * links come first, the add form is a sheet opened from the bottom bar.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => true);
}
