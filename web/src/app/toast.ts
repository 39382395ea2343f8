import type { ToastMessage } from '~shared/data/errors.ts';
import { toastPlacement } from '~shared/ui/toast-placement.ts';

/**
 * Toasts without putting sonner on the first page load: the first toast downloads sonner, mounts
 * its <Toaster> (see toaster-host.tsx) and then shows the message. Pages that toast from the start
 * (signed-in areas) mount the host eagerly with `useToasterNow()`.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let registerHost: (mount: () => Promise<void>) => void = () => undefined;
const hostRegistered = new Promise<() => Promise<void>>((resolve) => (registerHost = resolve));
let hostReady: Promise<void> | null = null;

/** Called once by <ToasterHost>: how to mount the Toaster. */
export function registerToasterHost(mount: () => Promise<void>) {
  registerHost(mount);
}

export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/** Mounts the toaster (idempotent); resolves once it listens for toasts. */
export function ensureToaster(): Promise<void> {
  hostReady ??= hostRegistered.then((mount) => mount());
  return hostReady;
}

type Kind = 'success' | 'error' | 'message';

function show(kind: Kind, toast: ToastMessage) {
  void Promise.all([loadSonner(), ensureToaster()]).then(([{ toast: sonnerToast }]) => {
    const options = { ...toastPlacement(), ...(toast.description ? { description: toast.description } : {}) };
    if (kind === 'message') sonnerToast(toast.title, options);
    else sonnerToast[kind](toast.title, options);
  });
}

export const notify = {
  success: (toast: ToastMessage) => show('success', toast),
  error: (toast: ToastMessage) => show('error', toast),
  message: (toast: ToastMessage) => show('message', toast),
};
