import { toast } from 'sonner';
import { errorToast, type ErrorAction, type ToastMessage } from '../data/errors.ts';

/** Shows the spec's error toast for a failed action (text from shared/data/errors.ts). */
export function showErrorToast(action: ErrorAction, error: unknown): ToastMessage {
  const message = errorToast(action, error);
  toast.error(message.title, message.description ? { description: message.description } : undefined);
  return message;
}

/** A success toast: a title with an optional description (e.g. 'Link updated' - 'Updated existing link "…"'). */
export function showSuccessToast(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}

/** A plain error toast with the spec's title and description (validation toasts, e.g. 'Invalid file type'). */
export function showToastMessage(message: ToastMessage): void {
  toast.error(message.title, message.description ? { description: message.description } : undefined);
}
