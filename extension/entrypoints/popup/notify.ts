import type { ToastText } from '../../../shared/messages.ts';

/**
 * Toasts through the shared toast helpers (sonner + the spec's texts), loaded on first use so they
 * stay out of the popup's startup bundle.
 */
const load = () => import('../../../shared/ui/toast.ts');

export const notify = {
  /** Removes the toasts shown so far (an earlier error that no longer applies). */
  clear: () => load().then((toast) => toast.dismissAllToasts()),
  success: (title: string, description?: string) => load().then((toast) => toast.showSuccessToast(title, description)),
  error: (message: ToastText) => load().then((toast) => toast.showToastMessage(message)),
  info: (title: string, description?: string) =>
    import('sonner').then(({ toast }) => toast.message(title, description ? { description } : undefined)),
};
