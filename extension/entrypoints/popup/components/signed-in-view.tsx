import { useEffect, useMemo, useState } from 'react';
import { browser } from '../../../lib/browser.ts';
import type { ExtensionSettings } from '../../../lib/settings.ts';
import { dashboardPage } from '../../../lib/settings.ts';
import type { TabLike } from '../../../lib/menus.ts';
import type { StoredUser } from '~shared/rules/stored-session.ts';
import type { CachedCategories } from '../boot.ts';
import type { QuickSaveValues, SavedFolder } from '../data.ts';
import { loadData } from '../load-data.ts';
import { IncomingSection } from './incoming-section.tsx';
import { NewTabLink } from './new-tab-link.tsx';
import { QueueNotice } from './queue-notice.tsx';
import { QuickSave, selectOptions, type SaveResult } from './quick-save.tsx';
import { SavedPanel } from './saved-panel.tsx';
import { findCachedLink, isWebUrl, type CachedLink } from '../../../lib/link-cache.ts';
import { useLinkCache } from '../use-link-cache.ts';
import { tellWorker } from '../worker.ts';
import { LinkSearch } from './link-search.tsx';
import { SavedLinkEditor } from './saved-link-editor.tsx';
import { SaveAllTabs } from './save-all-tabs.tsx';

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

/**
 * Where the current tab is already saved (its folder path), null while unknown or not saved. Asked
 * once the folders are in (their names give the path); a failed look-up just shows nothing.
 */
function useSavedFolder(
  userId: string,
  url: string | undefined,
  folders: CachedCategories | null,
  /** The folders are the server's (not the cached copy): a folder missing from them is really not listed. */
  foldersFresh: boolean,
  /** Asked only when the link cache does not know the page (a link saved since its last refresh). */
  enabled: boolean,
): SavedFolder | null {
  const [savedIn, setSavedIn] = useState<SavedFolder | null>(null);
  useEffect(() => {
    let active = true;
    if (!enabled || !url || !/^https?:/i.test(url)) return;
    void loadData()
      .then((data) => data.findSavedFolder(userId, url, folders))
      // A folder missing from the cached list may just be new: wait for the fresh list before saying so.
      .then((found) => active && (foldersFresh || found?.selectValue !== null) && setSavedIn(found))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [userId, url, folders, foldersFresh, enabled]);
  return savedIn;
}

/** The folder path and select value of the page's saved link (from the cache's copy of it). */
function useFolderOf(link: Pick<CachedLink, 'category_id' | 'second_category_id'> | null, folders: CachedCategories | null) {
  const [found, setFound] = useState<Omit<SavedFolder, 'link'> | null>(null);
  const categoryId = link?.category_id ?? null;
  const secondId = link?.second_category_id ?? null;
  useEffect(() => {
    let active = true;
    if (!link) return;
    void loadData().then((data) => {
      if (active) setFound(data.savedFolderOf({ category_id: categoryId, second_category_id: secondId }, folders));
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link's folder ids, not its identity
  }, [!!link, categoryId, secondId, folders]);
  return link ? found : null;
}

/** 'Already saved': the page is in the user's links; the card below edits that link. */
function AlreadySaved({ folder }: { folder: string }) {
  return (
    <p
      role="status"
      data-testid="already-saved"
      className="mb-3 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-xs text-foreground"
    >
      <span className="font-semibold">Already saved</span>
      {folder ? (
        <>
          {' in '}
          <span className="font-medium">{folder}</span>
        </>
      ) : null}
      .
    </p>
  );
}

export function SignedInView({ user, tab, settings, cachedFolders, queueCount }: SignedInViewProps) {
  const [folders, setFolders] = useState<CachedCategories | null>(cachedFolders);
  const [result, setResult] = useState<(SaveResult & { values: QuickSaveValues }) | null>(null);
  const [editValues, setEditValues] = useState<QuickSaveValues | null>(null);
  const shortcut = useSaveShortcut();
  const [foldersFresh, setFoldersFresh] = useState(false);
  const cache = useLinkCache(user.userId);
  const [query, setQuery] = useState('');
  const [saveAllOpen, setSaveAllOpen] = useState(false);
  const [deletedId, setDeletedId] = useState<string | null>(null);
  const cachedLink = useMemo(() => (cache ? findCachedLink(cache.links, tab?.url) : null), [cache, tab?.url]);
  // Not in the cache (saved elsewhere since its last refresh): the server's duplicate look-up says.
  const serverSaved = useSavedFolder(user.userId, tab?.url, folders, foldersFresh, cache !== null && cachedLink === null);
  const cachedFolder = useFolderOf(cachedLink, folders);
  const savedLink: CachedLink | null = cachedLink ?? (serverSaved?.link ? { ...serverSaved.link, created_at: '' } : null);
  const savedIn = cachedLink ? cachedFolder : serverSaved;
  const editing =
    savedLink !== null && savedLink.id !== deletedId && savedIn !== null && savedIn.selectValue !== null && editValues === null;

  // The server knows a link the cache does not: refresh the cache (its tags then reach the editor).
  const missingFromCache = !cachedLink && !!serverSaved?.link;
  useEffect(() => {
    if (missingFromCache) void tellWorker({ type: 'links:refresh' });
  }, [missingFromCache]);

  async function openLink(link: CachedLink, inCurrentTab: boolean) {
    if (!isWebUrl(link.url)) return;
    if (inCurrentTab && tab?.id !== undefined) await browser.tabs.update(tab.id, { url: link.url });
    else await browser.tabs.create({ url: link.url });
    window.close();
  }

  useEffect(() => {
    let active = true;
    void loadData()
      .then(async (data) => {
        // An expired access token is renewed here; a revoked session signs out (storage → sign-in view).
        await data.checkSession().catch(() => null);
        const fresh = await data.fetchFolders(user.userId);
        if (active) {
          setFolders(fresh);
          setFoldersFresh(true);
        }
      })
      .catch((error: unknown) => console.warn('folders', error));
    return () => {
      active = false;
    };
  }, [user.userId]);

  return (
    <main className="grid gap-4 px-4 pt-4 pb-3">
      <LinkSearch links={cache?.links ?? null} query={query} onQueryChange={setQuery} onOpen={(link, here) => void openLink(link, here)} />
      {query.trim() ? null : (
        <>
          <QueueNotice count={queueCount} />
          {saveAllOpen ? (
            <SaveAllTabs folders={folders?.categories ?? []} links={cache?.links ?? []} onClose={() => setSaveAllOpen(false)} />
          ) : (
            <section
              aria-label={editing ? 'This page is saved' : 'Save this page'}
              className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
            >
              {result ? (
                <SavedPanel
                  result={result}
                  settings={settings}
                  onAnother={() => {
                    setEditValues(result.values);
                    setResult(null);
                  }}
                />
              ) : editing && savedLink && savedIn ? (
                <>
                  <AlreadySaved folder={savedIn.path} />
                  <SavedLinkEditor
                    // Remounts when the cache's copy (with its tags) replaces the server's.
                    key={`${savedLink.id}:${cachedLink !== null}`}
                    user={user}
                    link={savedLink}
                    categoryValue={savedIn.selectValue ?? ''}
                    folders={selectOptions(folders?.categories ?? null, folders?.defaultId ?? null)}
                    defaultId={folders?.defaultId ?? null}
                    tagsKnown={cachedLink !== null}
                    onDeleted={() => setDeletedId(savedLink.id)}
                  />
                </>
              ) : (
                <>
                  {savedIn !== null && savedLink?.id !== deletedId ? <AlreadySaved folder={savedIn.path} /> : null}
                  <QuickSave
                    // Remounts when the preferred folder arrives or changes, so the select starts on it.
                    // An already saved page starts on its folder, so saving it again keeps it there.
                    key={`${folders?.preferredId ?? ''}:${savedIn?.selectValue ?? ''}`}
                    preferredCategoryId={savedIn?.selectValue ?? folders?.preferredId ?? ''}
                    user={user}
                    tab={tab}
                    initial={editValues}
                    folders={selectOptions(folders?.categories ?? null, folders?.defaultId ?? null)}
                    onSaved={(saved, values) => setResult({ ...saved, values })}
                  />
                </>
              )}
            </section>
          )}
          <IncomingSection folders={folders?.categories ?? []} />
          <footer className="grid gap-2 border-t border-border pt-3">
            <div className="grid grid-cols-2 gap-2">
              <button
                type="button"
                onClick={() => setSaveAllOpen(true)}
                disabled={saveAllOpen}
                className="inline-flex h-9 items-center justify-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                Save all tabs
              </button>
              <NewTabLink
                href={dashboardPage(settings)}
                className="inline-flex h-9 items-center justify-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                Open dashboard
              </NewTabLink>
            </div>
            {shortcut ? (
              <p className="text-center text-xs text-muted-foreground">
                Tip: <kbd className="rounded border border-border bg-muted px-1 py-0.5 font-mono text-[11px]">{shortcut}</kbd> saves the
                current tab without opening this popup.
              </p>
            ) : null}
          </footer>
        </>
      )}
    </main>
  );
}
