/**
 * Marks the moment the popup's first real view (sign-in form or quick-save form) is on screen and
 * usable; `npm run bench:extension` reads this mark (time since navigation start).
 */
export const INTERACTIVE_MARK = 'linkvault:interactive';

export function markInteractive(view: string): void {
  if (document.body.dataset.ready) return;
  performance.mark(INTERACTIVE_MARK);
  document.body.dataset.ready = view;
}
