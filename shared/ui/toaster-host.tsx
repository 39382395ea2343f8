import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { ToasterProps } from './toaster.tsx';
import { registerToasterHost } from './toaster-registry.ts';

/**
 * An app's one toast outlet: renders the Toaster (toaster.tsx, with sonner) only once a toast
 * (toast.ts), or `ensureToaster()`, asks for it, so sonner stays off the first load of a page that
 * never toasts. Mount it once near the app's root.
 */
export function ToasterHost(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  /** Set once the Toaster is rendered and listens; until then, who waits for it. */
  const listening = useRef(false);
  const waiting = useRef<(() => void) | null>(null);

  useEffect(
    () =>
      registerToasterHost(() =>
        listening.current
          ? Promise.resolve()
          : new Promise<void>((resolve, reject) => {
              waiting.current = resolve;
              // With the toasts' code (toast-show.ts): one download for both, sonner included.
              import('./toast-show.ts').then(({ Toaster: Loaded }) => setToaster(() => Loaded), reject);
            }),
      ),
    [],
  );

  useEffect(() => {
    // The Toaster subscribes to toasts in its own effect, which runs before this parent effect.
    if (!Toaster) return;
    listening.current = true;
    waiting.current?.();
  }, [Toaster]);

  return Toaster ? <Toaster {...props} /> : null;
}
