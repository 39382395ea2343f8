import { toast } from 'sonner';
import type { ErrorAction } from '../data/errors.ts';
import type { ToastPlacement } from './toast-placement.ts';
import { mountToaster } from './toaster-registry.ts';

export { Toaster } from './toaster.tsx';

/**
 * How toast.ts's toasts are shown, and the Toaster they show in: one chunk with sonner, loaded with
 * the first toast or by `ensureToaster()`. Each toast waits for the app's Toaster to listen
 * (toaster-host.tsx), in the order they were asked for.
 */
export interface ToastRequest {
  kind: 'success' | 'error' | 'message';
  title: string;
  description?: string;
  /** Decided when the toast was asked for (toast-placement.ts). */
  placement: ToastPlacement;
  /** A toast with the same id replaces it. */
  id?: string;
}

let queue: Promise<void> = Promise.resolve();

/** Runs `show` once the Toaster listens, after every toast asked for before it; a failure drops this toast only. */
function inTurn(show: () => void | Promise<void>): void {
  const mounted = mountToaster();
  mounted.catch(() => undefined); // handled below, in its turn: not an unhandled rejection meanwhile
  queue = queue
    .then(() => mounted)
    .then(show)
    .catch((error: unknown) => console.warn('Could not show a toast', error));
}

const options = ({ placement, description, id }: Omit<ToastRequest, 'kind' | 'title'>) => ({
  ...placement,
  ...(description ? { description } : {}),
  ...(id ? { id } : {}),
});

export function show(request: ToastRequest): void {
  inTurn(() => {
    if (request.kind === 'message') toast(request.title, options(request));
    else toast[request.kind](request.title, options(request));
  });
}

/** The spec's error toast for a failed action, its text from shared/data/errors.ts (loaded now). */
export function showError(placement: ToastPlacement, action: ErrorAction, error: unknown): void {
  inTurn(async () => {
    const message = (await import('../data/errors.ts')).errorToast(action, error);
    toast.error(message.title, options({ placement, description: message.description }));
  });
}

export function dismissAll(): void {
  inTurn(() => {
    toast.dismiss();
  });
}
