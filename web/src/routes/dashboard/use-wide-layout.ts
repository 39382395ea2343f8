import { useEffect, useState } from 'react';

/** The dashboard's two-column layout starts at Tailwind's lg breakpoint (the `lg:` classes in dashboard.tsx). */
const QUERY = '(min-width: 1024px)';
/**
 * A switch moves the add form between the sidebar and the phone sheet, which remounts it and drops
 * what the user typed; so a flip must last this long to count. Chromium flips the query for a moment
 * during a full-page capture (and zoom gestures can do the same).
 */
const SETTLE_MS = 250;

/**
 * Wide: the add form and Manage Categories form a sidebar beside the grid (and come first in the
 * tab order, so 'Add Category' is a few Tab presses away whatever the number of links). Narrow: the
 * links come first, the add form is a sheet opened from the bottom bar.
 */
export function useWideLayout(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWide(media.matches), SETTLE_MS);
    };
    media.addEventListener('change', onChange);
    setWide(media.matches);
    return () => {
      clearTimeout(timer);
      media.removeEventListener('change', onChange);
    };
  }, []);
  return wide;
}
