import { Toaster as SonnerToaster } from 'sonner';

export interface ToasterProps {
  theme?: 'light' | 'dark' | 'system';
  position?: 'top-right' | 'top-center' | 'bottom-right' | 'bottom-center';
}

/** The one toast outlet of an app (sonner); mount once near the root. Toasts are announced politely. */
export function Toaster({ theme = 'system', position = 'top-right' }: ToasterProps) {
  return (
    <SonnerToaster
      theme={theme}
      position={position}
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
