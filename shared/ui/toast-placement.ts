/**
 * Where a toast goes so that it covers no control. The Toaster's default is bottom centre (see
 * Toaster.tsx). On a phone an open dialog is a bottom sheet whose buttons sit exactly there, so
 * while one is open the toast shows at the top, over the dimmed page.
 */
export function toastPlacement(): { position?: 'top-center' } {
  if (typeof window === 'undefined' || typeof document === 'undefined' || typeof window.matchMedia !== 'function') return {};
  // sonner's own phone breakpoint (its mobile offsets apply below 600 px); the sheet layout ends at 640 px.
  const phone = window.matchMedia('(max-width: 639px)').matches;
  if (!phone) return {};
  const sheetOpen = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return sheetOpen ? { position: 'top-center' } : {};
}
