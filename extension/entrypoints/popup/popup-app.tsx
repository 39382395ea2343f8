import { useEffect, useState } from 'react';
import { browser } from '../../lib/browser.ts';
import { AUTH_MESSAGES } from '~shared/messages.ts';
import { ensureToaster, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { ToasterHost } from '~shared/ui/toaster-host.tsx';
import { countForUser, type QueuedSave } from '../../lib/queue.ts';
import type { StorageChange } from '../../lib/storage-area.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { storedUser, type StoredUser } from '~shared/rules/stored-session.ts';
import type { BootState } from './boot.ts';
import { Header } from './components/header.tsx';
import { SignedInView } from './components/signed-in-view.tsx';
import { SignInView } from './components/sign-in-view.tsx';
import { loadData } from './load-data.ts';
import { tellWorker } from './worker.ts';

/** Keeps the popup in step with storage: a sign-in/out elsewhere, a token refresh, the queue. */
function useStorageState(boot: BootState) {
  const [user, setUser] = useState<StoredUser | null>(boot.user);
  const [queue, setQueue] = useState<QueuedSave[]>(boot.queue);
  useEffect(() => {
    const listener = (changes: Record<string, StorageChange>, areaName: string) => {
      if (areaName !== 'local') return;
      const session = changes[STORAGE_KEYS.session];
      if (session) {
        const next = storedUser(session.newValue);
        setUser((current) => (current?.userId === next?.userId && current?.email === next?.email ? current : next));
      }
      const queued = changes[STORAGE_KEYS.queue];
      if (queued) setQueue((queued.newValue as QueuedSave[] | undefined) ?? []);
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }, []);
  return { user, setUser, queue };
}

export function PopupApp({ boot }: { boot: BootState }) {
  const { user, setUser, queue } = useStorageState(boot);
  const [signingOut, setSigningOut] = useState(false);

  // Start fetching the data chunk and the toaster (sonner) as soon as the first view is on screen.
  useEffect(() => {
    void ensureToaster();
    const timer = setTimeout(() => void loadData(), 0);
    return () => clearTimeout(timer);
  }, []);

  // The popup wears the user's saved theme and accent; signed out, the system theme.
  const userId = user?.userId ?? null;
  useEffect(() => {
    if (!userId) {
      void browser.storage.local.remove(STORAGE_KEYS.appearance);
      return;
    }
    loadData()
      .then((data) => data.syncAppearance(userId))
      .catch((error: unknown) => console.warn('appearance not loaded', error));
  }, [userId]);

  async function signOut() {
    setSigningOut(true);
    const data = await loadData();
    try {
      await data.submitSignOut();
      setUser(null);
      showSuccessToast(AUTH_MESSAGES.signedOut);
      void tellWorker({ type: 'badge:refresh' });
    } catch (error) {
      showToastMessage(data.errorToast('auth.signOut', error));
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <div className="flex min-h-[200px] w-[380px] flex-col bg-background text-foreground">
      <Header email={user?.email ?? null} signedIn={!!user} signingOut={signingOut} onSignOut={() => void signOut()} />
      {user ? (
        <SignedInView
          key={user.userId}
          user={user}
          tab={boot.tab}
          settings={boot.settings}
          cachedFolders={boot.cachedCategories?.userId === user.userId ? boot.cachedCategories : null}
          queueCount={countForUser(queue, user.userId)}
        />
      ) : (
        <SignInView
          settings={boot.settings}
          onSignedIn={(signedIn) => {
            setUser(signedIn);
            void tellWorker({ type: 'badge:refresh' });
          }}
        />
      )}
      <ToasterHost position="bottom-center" />
    </div>
  );
}
