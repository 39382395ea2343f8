import * as RadixDialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Radix dialogs are labelled by the title, close on Escape and trap focus. */
  role?: 'dialog' | 'alertdialog';
  /** Call event.preventDefault() to keep the dialog open (e.g. Escape first closes an open suggestion list). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

/** The field a dialog opens on: one marked data-autofocus, else its first form field (not the × button). */
const MARKED_FOCUS = '[data-autofocus]';
// Not a hidden upload input (file pickers open from a button) nor anything out of the tab order.
const FIRST_FIELD = [
  'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([tabindex="-1"])',
  'select:not([disabled]):not([tabindex="-1"])',
  'textarea:not([disabled]):not([tabindex="-1"])',
].join(', ');

/**
 * Where focus goes back to when a dialog closes: the control that opened it. A dialog opened from a
 * menu item returns to the menu's trigger (the item itself is gone by then); Radix names the trigger
 * in the menu's aria-labelledby.
 */
function focusReturnTarget(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (!active.isConnected && !active.closest('[role="menu"]')) return null;
  const menu = active.closest('[role="menu"]');
  if (menu) {
    const triggerId = menu.getAttribute('aria-labelledby');
    const trigger = triggerId ? document.getElementById(triggerId) : null;
    return trigger instanceof HTMLElement ? trigger : null;
  }
  return active;
}

/**
 * The element focused last, even if it has been removed since: a menu item that opened a dialog is
 * unmounted in the same commit, so document.activeElement is already <body> when the dialog mounts.
 */
let lastFocused: Element | null = null;
let tracking = false;
function trackFocus() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener(
    'focusin',
    (event) => {
      lastFocused = event.target instanceof Element ? event.target : null;
    },
    true,
  );
}

/** Remembers the opener when `open` turns true (before the dialog moves focus) and refocuses it on close. */
function useFocusReturn(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  trackFocus();
  // Layout effect: runs before Radix's focus scope (a passive effect) moves focus into the dialog.
  useLayoutEffect(() => {
    if (open && !wasOpen.current) {
      const active = document.activeElement;
      opener.current = focusReturnTarget(active && active !== document.body ? active : lastFocused);
    }
    wasOpen.current = open;
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    event.preventDefault();
    // The opener may re-render (e.g. a menu trigger) in the same tick; focus once it has settled.
    requestAnimationFrame(() => {
      if (target.isConnected) target.focus({ preventScroll: true });
    });
  };
}

/** A centred modal (sheet-like on phones) with a title, optional description and a close button. */
export function Dialog({ open, onOpenChange, title, description, children, className, role = 'dialog', onEscapeKeyDown }: DialogProps) {
  const returnFocus = useFocusReturn(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          role={role}
          onEscapeKeyDown={onEscapeKeyDown}
          onOpenAutoFocus={(event) => {
            const content = event.currentTarget as HTMLElement | null;
            const first = content?.querySelector<HTMLElement>(MARKED_FOCUS) ?? content?.querySelector<HTMLElement>(FIRST_FIELD);
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          onCloseAutoFocus={returnFocus}
          className={cn(
            'lv-animate-in fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-xl border border-border bg-card p-5 text-card-foreground shadow-xl',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <RadixDialog.Title className="text-lg leading-tight font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-sm text-muted-foreground">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label="Close"
            >
              <CloseIcon size={16} />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
