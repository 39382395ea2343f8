import { useSyncExternalStore } from 'react';

/** Cards per row in a section preview: 1 on phones, 3 from 640 px (matches the sm:grid-cols-3 class). */
const QUERY = '(min-width: 640px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function usePreviewColumns(): number {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(QUERY).matches ? 3 : 1),
    () => 3,
  );
}
