import { useSyncExternalStore } from 'react';
import { ToasterHost } from '~shared/ui/toaster-host.tsx';
import { useResolvedTheme } from '../lib/appearance/use-appearance.ts';

/**
 * Phones: toasts over the dashboard's opaque bottom bar, left of its round add button (3.5rem +
 * margins), on a strip with no other control instead of over the cards (theme.css lets sonner's
 * list be narrower than full width).
 */
const MOBILE_OFFSET = { bottom: 'calc(0.5rem + env(safe-area-inset-bottom))', left: '0.5rem', right: '5.5rem' };

/** sonner's phone layout (its mobile offsets apply below 600 px). */
const PHONE_QUERY = '(max-width: 599px)';
function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;

/**
 * Phones: one toast at a time. sonner stacks older toasts so they peek out above the front one; on
 * a phone that peeking edge rose out of the bottom bar over the card just acted on. theme.css keeps
 * the one toast short enough to stay inside the bar.
 */
const PHONE_VISIBLE_TOASTS = 1;

/** The web app's toast outlet (shared/ui's ToasterHost: sonner loads with the first toast), themed with the app. */
export function AppToaster() {
  const theme = useResolvedTheme();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  return (
    <ToasterHost
      position="bottom-center"
      theme={theme === 'light' ? 'light' : 'dark'}
      mobileOffset={MOBILE_OFFSET}
      visibleToasts={phone ? PHONE_VISIBLE_TOASTS : undefined}
    />
  );
}
