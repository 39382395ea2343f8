import { useEffect, useRef, useState, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from '~shared/ui/Toaster.tsx';
import { registerToasterHost } from './toast.ts';
import { useResolvedTheme } from './appearance/use-appearance.ts';

/**
 * Phones: toasts over the dashboard's opaque bottom bar, left of its round add button (3.5rem +
 * margins), on a strip with no other control instead of over the cards (theme.css lets sonner's
 * list be narrower than full width). Kept here so the first page load does not import sonner.
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
 * Phones: one toast at a time. sonner stacks older toasts so they peek out above the front one;
 * on a phone that peeking edge rose out of the bottom bar over the card just acted on (issue 17).
 * theme.css keeps the one toast short enough to stay inside the bar.
 */
const PHONE_VISIBLE_TOASTS = 1;

/** Renders shared/ui's Toaster (sonner) once the first toast asks for it (see toast.ts). */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const mounted = useRef<(() => void) | null>(null);
  const theme = useResolvedTheme();
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);

  useEffect(() => {
    registerToasterHost(
      () =>
        new Promise<void>((resolve) => {
          mounted.current = resolve;
          void import('~shared/ui/Toaster.tsx').then(({ Toaster: Loaded }) => setToaster(() => Loaded));
        }),
    );
  }, []);

  useEffect(() => {
    // The Toaster subscribes to toasts in its own effect, which runs before this parent effect.
    if (Toaster) mounted.current?.();
  }, [Toaster]);

  if (!Toaster) return null;
  return (
    <Toaster
      position="bottom-center"
      theme={theme === 'light' ? 'light' : 'dark'}
      mobileOffset={MOBILE_OFFSET}
      visibleToasts={phone ? PHONE_VISIBLE_TOASTS : undefined}
    />
  );
}
