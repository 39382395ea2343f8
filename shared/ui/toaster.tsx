import { Toaster as SonnerToaster } from 'sonner';

export interface ToasterProps {
  theme?: 'light' | 'dark' | 'system';
  position?: 'top-right' | 'top-center' | 'bottom-right' | 'bottom-center';
  /** Offsets below 600 px (sonner's phone layout); the web app keeps toasts left of its add button. */
  mobileOffset?: { top?: string | number; right?: string | number; bottom?: string | number; left?: string | number };
  /** How many toasts show at once (sonner's default 3); older ones wait behind the front one. */
  visibleToasts?: number;
}

/**
 * Bottom centre (on phones over the bottom bar): at the top they covered the header's controls
 * (and at the right, form buttons such as the e-mail Verify button); short-lived there, they sit
 * over content rather than over the page's fixed controls.
 */
const TOAST_OFFSET = { bottom: 16 } as const;

/** The one toast outlet of an app (sonner); mount once near the root. Toasts are announced politely. */
export function Toaster({ theme = 'system', position = 'bottom-center', mobileOffset, visibleToasts }: ToasterProps) {
  return (
    <SonnerToaster
      theme={theme}
      position={position}
      offset={TOAST_OFFSET}
      mobileOffset={mobileOffset}
      visibleToasts={visibleToasts}
      className="lv-toaster"
      richColors
      closeButton
      toastOptions={{
        classNames: {
          toast: 'border border-border bg-popover text-popover-foreground shadow-lg',
          description: 'text-muted-foreground',
        },
      }}
    />
  );
}
