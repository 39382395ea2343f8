/**
 * The app's one Toaster (toaster-host.tsx), mounted when the first toast, or `ensureToaster()`,
 * needs it: toast.ts and toast-show.ts wait for it here. No React, no sonner: the entry chunk of the
 * web app holds it.
 */

/** Renders the Toaster; settles once it listens for toasts (a toast sent before is lost), or fails to load. */
type MountToaster = () => Promise<void>;

let host: MountToaster | null = null;
let hostWaiters: Array<(mount: MountToaster) => void> = [];
let ready: Promise<void> | null = null;

/**
 * Called by <ToasterHost> as it mounts. Returns what to call as it unmounts (a test that renders
 * the app again, React's development double effects): the next toast then waits for a new host.
 */
export function registerToasterHost(mount: MountToaster): () => void {
  host = mount;
  for (const resolve of hostWaiters) resolve(mount);
  hostWaiters = [];
  return () => {
    if (host !== mount) return;
    host = null;
    ready = null;
  };
}

/** Mounts the app's Toaster (idempotent); resolves once it listens, rejects when its code cannot download. */
export function mountToaster(): Promise<void> {
  const mounting = (ready ??= (host ? Promise.resolve(host) : new Promise<MountToaster>((resolve) => hostWaiters.push(resolve)))
    .then((mount) => mount())
    .catch((error: unknown) => {
      // Its code could not download (offline): the next toast tries again.
      if (ready === mounting) ready = null;
      throw error;
    }));
  return mounting;
}
