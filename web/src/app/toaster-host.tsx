import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { ToasterProps } from '~shared/ui/Toaster.tsx';
import { registerToasterHost } from './toast.ts';
import { useResolvedTheme } from './appearance/use-appearance.ts';

/**
 * Phones: toasts over the dashboard's opaque bottom bar, left of its round add button (3.5rem +
 * margins), on a strip with no other control instead of over the cards (theme.css lets sonner's
 * list be narrower than full width). Kept here so the first page load does not import sonner.
 */
const MOBILE_OFFSET = { bottom: 'calc(0.5rem + env(safe-area-inset-bottom))', left: '0.5rem', right: '5.5rem' };

/** Renders shared/ui's Toaster (sonner) once the first toast asks for it (see toast.ts). */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const mounted = useRef<(() => void) | null>(null);
  const theme = useResolvedTheme();

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
  return <Toaster position="bottom-center" theme={theme === 'light' ? 'light' : 'dark'} mobileOffset={MOBILE_OFFSET} />;
}
