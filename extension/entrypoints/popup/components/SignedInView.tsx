import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { ExtensionSettings } from '../../../lib/settings.ts';
import { dashboardPage } from '../../../lib/settings.ts';
import type { TabLike } from '../../../lib/menus.ts';
import type { StoredUser } from '../../../lib/stored-session.ts';
import type { CachedCategories } from '../boot.ts';
import type { QuickSaveValues } from '../data.ts';
import { loadData } from '../load-data.ts';
import { IncomingSection } from './IncomingSection.tsx';
import { NewTabLink } from './NewTabLink.tsx';
import { QueueNotice } from './QueueNotice.tsx';
import { QuickSave, selectOptions, type SaveResult } from './QuickSave.tsx';
import { SavedPanel } from './SavedPanel.tsx';

interface SignedInViewProps {
  user: StoredUser;
  tab: TabLike | null;
  settings: ExtensionSettings;
  cachedFolders: CachedCategories | null;
  queueCount: number;
}

/** The save-shortcut's key, as the user configured it (chrome://extensions/shortcuts). */
function useSaveShortcut(): string | null {
  const [shortcut, setShortcut] = useState<string | null>(null);
  useEffect(() => {
    browser.commands
      ?.getAll()
      .then((commands) => setShortcut(commands.find((command) => command.name === 'save-current-tab')?.shortcut || null))
      .catch(() => undefined);
  }, []);
  return shortcut;
}

export function SignedInView({ user, tab, settings, cachedFolders, queueCount }: SignedInViewProps) {
  const [folders, setFolders] = useState<CachedCategories | null>(cachedFolders);
  const [result, setResult] = useState<(SaveResult & { values: QuickSaveValues }) | null>(null);
  const [editValues, setEditValues] = useState<QuickSaveValues | null>(null);
  const shortcut = useSaveShortcut();

  useEffect(() => {
    let active = true;
    void loadData()
      .then(async (data) => {
        // An expired access token is renewed here; a revoked session signs out (storage → sign-in view).
        await data.checkSession().catch(() => null);
        const fresh = await data.fetchFolders(user.userId);
        if (active) setFolders(fresh);
      })
      .catch((error: unknown) => console.warn('folders', error));
    return () => {
      active = false;
    };
  }, [user.userId]);

  return (
    <main className="grid gap-4 px-4 pt-4 pb-3">
      <QueueNotice count={queueCount} />
      <section aria-label="Save this page" className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm">
        {result ? (
          <SavedPanel
            result={result}
            settings={settings}
            onAnother={() => {
              setEditValues(result.values);
              setResult(null);
            }}
          />
        ) : (
          <QuickSave
            user={user}
            tab={tab}
            initial={editValues}
            folders={selectOptions(folders?.categories ?? null, folders?.defaultId ?? null)}
            onSaved={(saved, values) => setResult({ ...saved, values })}
          />
        )}
      </section>
      <IncomingSection folders={folders?.categories ?? []} />
      <footer className="grid gap-2 border-t border-border pt-3">
        <NewTabLink
          href={dashboardPage(settings)}
          className="inline-flex h-9 items-center justify-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open dashboard
        </NewTabLink>
        {shortcut ? (
          <p className="text-center text-xs text-muted-foreground">
            Tip: <kbd className="rounded border border-border bg-muted px-1 py-0.5 font-mono text-[11px]">{shortcut}</kbd> saves the current
            tab without opening this popup.
          </p>
        ) : null}
      </footer>
    </main>
  );
}
