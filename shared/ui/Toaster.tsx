import { Toaster as SonnerToaster } from 'sonner';

export interface ToasterProps {
  theme?: 'light' | 'dark' | 'system';
  position?: 'top-right' | 'top-center' | 'bottom-right' | 'bottom-center';
}

/**
 * Bottom centre (on phones over the bottom bar): at the top they covered the header's controls
 * (and at the right, form buttons such as the e-mail Verify button); short-lived there, they sit
 * over content rather than over the page's fixed controls.
 */
export const TOAST_OFFSET = { bottom: 16 } as const;
/**
 * Phones: over the dashboard's opaque bottom bar, left of its round add button (3.5rem + margins),
 * so a toast sits on a strip that has no other control instead of over the cards.
 */
export const TOAST_MOBILE_OFFSET = { bottom: 'calc(0.5rem + env(safe-area-inset-bottom))', left: '0.5rem', right: '5.5rem' } as const;

/** The one toast outlet of an app (sonner); mount once near the root. Toasts are announced politely. */
export function Toaster({ theme = 'system', position = 'bottom-center' }: ToasterProps) {
  return (
    <SonnerToaster
      theme={theme}
      position={position}
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
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
