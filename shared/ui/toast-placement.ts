/**
 * Where a toast goes so that it covers no control. The Toaster's default is bottom centre (see
 * toaster.tsx). On a phone an open dialog is a bottom sheet whose buttons sit exactly there, so
 * while one is open the toast shows at the top, over the dimmed page.
 */
export type ToastPlacement = { position?: 'top-center' };

/**
 * Where a bottom-centre toast (and the stack behind it) sits on a wider screen: the bottom strip of
 * the window, this high and this wide around the centre. A control there would be covered by the
 * toast about it, which then shows at the top instead.
 */
const TOAST_BOTTOM_ZONE = { height: 160, halfWidth: 200 } as const;

/** True when `rect` (the control just used) overlaps the bottom-centre toast's place. */
export function coversBottomToastZone(
  rect: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right' | 'width' | 'height'>,
  viewport: { width: number; height: number },
  zone: { height: number; halfWidth: number } = TOAST_BOTTOM_ZONE,
): boolean {
  if (rect.width === 0 && rect.height === 0) return false;
  const centre = viewport.width / 2;
  const vertical = rect.bottom > viewport.height - zone.height && rect.top < viewport.height;
  const horizontal = rect.right > centre - zone.halfWidth && rect.left < centre + zone.halfWidth;
  return vertical && horizontal;
}

/**
 * The control the user last pressed: a button disabled while its action runs may have lost focus
 * by the time the toast about it is asked for.
 */
let lastPressed: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'pointerdown',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      lastPressed = target?.closest('button, a, input, select, textarea, [role="button"], [role="menuitem"]') ?? null;
    },
    true,
  );
}

function usedControl(): Element | null {
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return active;
  return lastPressed?.isConnected ? lastPressed : null;
}

export function toastPlacement(): ToastPlacement {
  if (typeof window === 'undefined' || typeof document === 'undefined' || typeof window.matchMedia !== 'function') return {};
  // sonner's own phone breakpoint (its mobile offsets apply below 600 px); the sheet layout ends at 640 px.
  const phone = window.matchMedia('(max-width: 639px)').matches;
  if (!phone) {
    // Wider screens: the button a toast is about (still focused after the click) is never covered by it.
    // (Phones show toasts inside the dashboard's opaque bottom bar, over no content.)
    const used = usedControl()?.getBoundingClientRect();
    return used && coversBottomToastZone(used, { width: window.innerWidth, height: window.innerHeight }) ? { position: 'top-center' } : {};
  }
  const sheetOpen = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return sheetOpen ? { position: 'top-center' } : {};
}
