import type { ErrorAction } from '../data/errors.ts';
import type { ToastText } from '../rules/error-messages.ts';
import { toastPlacement } from './toast-placement.ts';
import type * as ToastShow from './toast-show.ts';
import { mountToaster } from './toaster-registry.ts';

/**
 * The one toast API of both apps (the web app and the extension's popup), with the spec's texts.
 *
 * Nothing here loads at import time: how toasts are shown (toast-show.ts, with sonner and, for
 * `showErrorToast`, the error catalogue) is downloaded with the first toast, so a page that imports
 * this module pays a few hundred bytes on its first load, not sonner's ~10 KB gzipped (the web
 * app's public pages have a 100 KB budget). An app mounts one <ToasterHost> (toaster-host.tsx)
 * near its root; it renders the Toaster only once a toast, or `ensureToaster()`, asks for it. Pages
 * that toast from the start (the web app's signed-in pages, the popup) call `ensureToaster()` early
 * so their first toast does not wait. Toasts show in the order they were asked for.
 */

let shown: Promise<typeof ToastShow> | null = null;

function loadShow(): Promise<typeof ToastShow> {
  // A failed download (offline) is not remembered: the next toast tries again.
  shown ??= import('./toast-show.ts').catch((error: unknown) => {
    shown = null;
    throw error;
  });
  return shown;
}

function later(run: (show: typeof ToastShow) => void): void {
  loadShow().then(run, (error: unknown) => console.warn('Could not show a toast', error));
}

/**
 * Loads the toasts' code and mounts the app's Toaster ahead of the first toast (idempotent): pages
 * that toast from the start call it, so their first toast waits for no download, and a toast still
 * shows once the connection is gone (e.g. 'Could not load this part of the app'). Settles once the
 * Toaster listens, or once its code failed to download (the next toast tries again).
 */
export function ensureToaster(): Promise<void> {
  return Promise.all([loadShow(), mountToaster()]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A success toast: a title with an optional description (e.g. 'Link updated' - 'Updated existing link "…"').
 * `replaceId`: a toast of the same kind replaces the previous one instead of piling up (e.g. reorder).
 * `dialogClosing`: shown as the dialog that caused it closes, so it goes where toasts go without one.
 */
export function showSuccessToast(title: string, description?: string, replaceId?: string, opts: { dialogClosing?: boolean } = {}): void {
  // Placed now: by the time its code is in, the dialog that decides it may have closed.
  const placement = opts.dialogClosing ? {} : toastPlacement();
  later((show) => show.show({ kind: 'success', title, description, placement, id: replaceId }));
}

/** An error toast with the spec's title and description (validation toasts, e.g. 'Invalid file type'). */
export function showToastMessage(message: ToastText): void {
  const placement = toastPlacement();
  later((show) => show.show({ kind: 'error', ...message, placement }));
}

/** A neutral toast (neither success nor error), e.g. 'Coming soon' or 'Saved offline'. */
export function showInfoToast(message: ToastText): void {
  const placement = toastPlacement();
  later((show) => show.show({ kind: 'message', ...message, placement }));
}

/**
 * The spec's error toast for a failed action (text from shared/data/errors.ts, loaded with the
 * toast). A caller that needs the text itself calls `errorToast` and then `showToastMessage`.
 */
export function showErrorToast(action: ErrorAction, error: unknown): void {
  const placement = toastPlacement();
  later((show) => show.showError(placement, action, error));
}

/** Toast ids for actions repeated in quick succession: one toast replaces the previous. */
export const REPLACING_TOASTS = { linkMove: 'link-move' } as const;

/** Removes every toast shown, e.g. a sign-in error once the sign-in succeeded (it no longer applies). */
export function dismissAllToasts(): void {
  later((show) => show.dismissAll());
}
