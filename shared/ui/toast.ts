import { toast } from 'sonner';
import { errorToast, type ErrorAction, type ToastMessage } from '../data/errors.ts';
import { toastPlacement } from './toast-placement.ts';

/** Shows the spec's error toast for a failed action (text from shared/data/errors.ts). */
export function showErrorToast(action: ErrorAction, error: unknown): ToastMessage {
  const message = errorToast(action, error);
  toast.error(message.title, { ...toastPlacement(), ...(message.description ? { description: message.description } : {}) });
  return message;
}

/**
 * A success toast: a title with an optional description (e.g. 'Link updated' - 'Updated existing link "…"').
 * `replaceId`: a toast of the same kind replaces the previous one instead of piling up (e.g. reorder).
 */
export function showSuccessToast(title: string, description?: string, replaceId?: string, opts: { dialogClosing?: boolean } = {}): void {
  // dialogClosing: shown as the dialog that caused it closes, so it belongs where toasts go without one.
  const placement = opts.dialogClosing ? {} : toastPlacement();
  toast.success(title, { ...placement, ...(description ? { description } : {}), ...(replaceId ? { id: replaceId } : {}) });
}

/** Toast ids for actions repeated in quick succession: one toast replaces the previous. */
export const REPLACING_TOASTS = { linkMove: 'link-move' } as const;

/** A plain error toast with the spec's title and description (validation toasts, e.g. 'Invalid file type'). */
export function showToastMessage(message: ToastMessage): void {
  toast.error(message.title, { ...toastPlacement(), ...(message.description ? { description: message.description } : {}) });
}

/** Removes every toast shown, e.g. a sign-in error once the sign-in succeeded (it no longer applies). */
export function dismissAllToasts(): void {
  toast.dismiss();
}
