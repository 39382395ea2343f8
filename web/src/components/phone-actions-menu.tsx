import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { PhoneMenuEntry } from './phone-actions-dropdown.tsx';

/** Phones: below 640 px (Tailwind's `sm`), where the page's secondary buttons give way to the menu. */
const PHONE_QUERY = '(max-width: 639px)';

const PhoneActionsDropdown = lazy(() => import('./phone-actions-dropdown.tsx').then((m) => ({ default: m.PhoneActionsDropdown })));

// No matchMedia (a test's DOM): not a phone.
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = phoneQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * A page's secondary actions as one 'More' menu, on phones only (phone-actions-dropdown.tsx): its
 * code loads only where it shows, so a wider screen's first load does not carry it.
 */
export function PhoneActionsMenu(props: { label: string; entries: readonly PhoneMenuEntry[]; className?: string }) {
  const phone = useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
  if (!phone) return null;
  return (
    <Suspense fallback={null}>
      <PhoneActionsDropdown {...props} />
    </Suspense>
  );
}
