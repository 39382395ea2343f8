import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_ICON_OUTLINE_COLOR, INCOMING_REFRESH_MS } from '~shared/constants.ts';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { folderQueries, type SubfolderWithCount } from '~shared/data/categories/folder.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { incomingMutations } from '~shared/data/incoming/mutations.ts';
import { incomingQueries } from '~shared/data/incoming/queries.ts';
import { FOLDER_FIRST_SCREEN, moveLink, recordLinkOpen, type FolderLinkItem, type LinkListItem } from '~shared/data/links/api.ts';
import { linkKeys } from '~shared/data/links/keys.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { profileQueries } from '~shared/data/profiles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { FOLDER_MESSAGES, linkMovedMessage } from '~shared/messages.ts';
import { applyCreatedAtUpdates, type ReorderDirection } from '~shared/rules/reorder.ts';
import { Button } from '~shared/ui/Button.tsx';
import type { LinkCardLink, OpenMode } from '~shared/ui/LinkCard.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../app/document-meta.ts';
import { RefreshPreviewsButton } from '../../features/link-previews/refresh-previews-button.tsx';
import { directionWord } from '../../features/links/grid-model.ts';
import { openAfterCounting } from '../../features/links/open-link.ts';
import { lazyDialog, preloadOnIntent } from '../../app/lazy-dialog.tsx';
import { useAfterFirstPaint } from '../../app/use-after-first-paint.ts';
import { copyDestinations } from './copy-destinations.ts';
import { FolderGlyph } from './folder-glyph.tsx';
import { canApproveIn, canEditLinksIn, folderKind, refreshesLive } from './folder-kind.ts';
import type { FolderLinkHandlers } from './folder-link-grid.tsx';
import { FolderLinksSection, GridSkeleton } from './folder-links-section.tsx';
import { folderStartsWithFirstScreen } from './folder-prefs.ts';
import { IncomingShares } from './incoming-shares.tsx';
import { SubfolderList } from './subfolder-list.tsx';
import { useShareOff } from '../../features/sharing/use-share-off.ts';
import { formatCount } from '~shared/rules/text.ts';

export const APPROVED_TOAST = 'Approved';

// Loaded when first opened, downloaded when the folder is first used (app/lazy-dialog.tsx).
const ShareLinkDialog = lazyDialog(
  () => import('../../features/sharing/share-link-dialog.tsx'),
  (m) => m.ShareLinkDialog,
);
const CopyLinkDialog = lazyDialog(
  () => import('./copy-link-dialog.tsx'),
  (m) => m.CopyLinkDialog,
);
const EditLinkDialog = lazyDialog(
  () => import('./folder-dialogs.tsx'),
  (m) => m.EditLinkDialog,
);
const FolderDeleteLinkDialog = lazyDialog(
  () => import('./folder-dialogs.tsx'),
  (m) => m.FolderDeleteLinkDialog,
);
const ShareFolderDialog = lazyDialog(
  () => import('./share-folder-dialog.tsx'),
  (m) => m.ShareFolderDialog,
);
const DIALOG_INTENT = preloadOnIntent([ShareLinkDialog, CopyLinkDialog, EditLinkDialog, FolderDeleteLinkDialog, ShareFolderDialog]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Folders a link can be accepted into or edited into: the user's own, without the incoming system tree. */
const isLinkFolder = (c: Category) =>
  !c.is_template && c.system_key !== 'incoming' && c.system_key !== 'approved' && c.system_key !== 'rejected';

interface FolderViewProps {
  userId: string;
  folderId: string;
  /** The folder as the dashboard passed it in router state: the header shows at once, the server still decides. */
  initialCategory?: Category | null;
}

/**
 * One folder (part 2 §2 'Category folder view'): header with breadcrumb, subfolders, the incoming
 * inbox when it is one, then the links with search, view modes, sorts and reordering. One component
 * for every kind of folder; template folders (issue 12) are meant to plug in as another source of
 * folder + links with their own edit rule (canEditLinksIn).
 */
export function FolderView({ userId, folderId, initialCategory }: FolderViewProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const validId = UUID.test(folderId);

  // The folder and its links load in parallel (the folder's first load is one round trip each).
  // Incoming folders refresh every 30 s (their counts and links change from elsewhere); others on demand.
  const context = useQuery({
    ...folderQueries.context(client, userId, folderId),
    refetchInterval: (q) => (refreshesLive(q.state.data?.folder) ? INCOMING_REFRESH_MS : false),
  });
  // Issue 11 'Scale': the first screen is drawn from the folder's newest links (one small answer);
  // the whole list is asked for once that screen is up, so a 10,000-link answer never holds it back.
  // Another remembered sort, or a list already cached, needs no first screen.
  const allKey = linkQueries.folder(client, userId, folderId).queryKey;
  const [wantAll, setWantAll] = useState(() => !folderStartsWithFirstScreen() || queryClient.getQueryData(allKey) !== undefined);
  const firstScreen = useQuery({ ...linkQueries.folderFirstScreen(client, userId, folderId), enabled: validId && !wantAll });
  const links = useQuery({
    ...linkQueries.folder(client, userId, folderId),
    enabled: validId && wantAll,
    refetchInterval: refreshesLive(context.data?.folder) ? INCOMING_REFRESH_MS : false,
  });
  // What the first screen does not show (the rest of the list, the folders to copy to, the share
  // switches, the admin role) is asked for after that screen's paint: asked for while it renders,
  // its requests were started before the paint (the grid's re-render at mount runs the page's
  // effects at once), about 2 ms of main thread each on a 2-core machine (issue 11 'Scale').
  const afterFirstScreen = useAfterFirstPaint(!context.isPending && !(wantAll ? links.isPending : firstScreen.isPending));
  useEffect(() => {
    if (wantAll || firstScreen.isPending) return;
    // Fewer than asked for: that was every link, the whole list is known (nothing to ask for).
    const whole = firstScreen.data && firstScreen.data.length < FOLDER_FIRST_SCREEN;
    if (whole) queryClient.setQueryData(allKey, firstScreen.data);
    if (whole || afterFirstScreen) setWantAll(true);
  }, [wantAll, firstScreen.isPending, firstScreen.data, queryClient, allKey, afterFirstScreen]);
  const categories = useQuery({ ...categoryQueries.list(client, userId), enabled: afterFirstScreen });
  const shareOff = useShareOff(userId, afterFirstScreen);
  const isAdmin = useQuery({ ...roleQueries.isAdmin(client, userId), enabled: afterFirstScreen }).data ?? false;
  const profile = useQuery(profileQueries.detail(client, userId));

  const hinted = initialCategory && initialCategory.id === folderId && initialCategory.user_id === userId ? initialCategory : null;
  const folder = context.data?.folder ?? (context.isPending ? hinted : null);
  const kind = folder ? folderKind(folder) : 'regular';
  const incoming = useQuery({ ...incomingQueries.list(client, userId, 'pending'), enabled: kind === 'incoming' });
  useDocumentMeta({ title: pageTitle(folder?.name ?? 'Folder') });

  const [sharing, setSharing] = useState<LinkCardLink | null>(null);
  const [deleting, setDeleting] = useState<LinkCardLink | null>(null);
  const [copying, setCopying] = useState<LinkCardLink | null>(null);
  const [editing, setEditing] = useState<LinkListItem | null>(null);
  const [sharingFolder, setSharingFolder] = useState<Category | null>(null);

  const isSubfolder = Boolean(folder?.parent_category_id);
  useEffect(() => {
    if (links.isError) showErrorToast(isSubfolder ? 'folder.loadSubfolderLinks' : 'folder.loadLinks', links.error);
  }, [links.isError, links.error, isSubfolder]);

  const all = links.data;
  const linkIds = useMemo(() => (all ?? []).map((l) => l.id), [all]);
  const linkById = useMemo(() => new Map((all ?? []).map((l) => [l.id, l])), [all]);

  const patchFolder = useCallback(
    (patch: (items: FolderLinkItem[]) => FolderLinkItem[]) =>
      queryClient.setQueryData<FolderLinkItem[]>(linkKeys.list({ userId, categoryId: folderId }), (items) =>
        items ? patch(items) : items,
      ),
    [queryClient, userId, folderId],
  );

  const destinations = useMemo(() => copyDestinations(categories.data ?? [], isAdmin), [categories.data, isAdmin]);
  const linkFolders = useMemo(() => (categories.data ?? []).filter(isLinkFolder), [categories.data]);
  const defaultCategoryId = categories.data?.find((c) => c.system_key === 'saved')?.id;

  // The search, sort and columns live in FolderLinksSection (a keystroke re-renders only that part).
  const move = useCallback(
    async (link: { id: string }, direction: ReorderDirection, columns: number) => {
      if (!all) return;
      try {
        const rows = await moveLink(client, { items: all, id: link.id, direction, columns, withinCategoryId: folderId });
        if (rows.length === 0) throw new Error('This link cannot move that way.');
        patchFolder((items) =>
          applyCreatedAtUpdates(
            items,
            rows.map((row) => ({ id: row.id, created_at: row.created_at })),
          ),
        );
        void queryClient.invalidateQueries({ queryKey: linkKeys.list({ userId }) });
        const message = linkMovedMessage(directionWord(direction));
        showSuccessToast(message.title, message.description);
      } catch (error) {
        showErrorToast(direction === 'beginning' ? 'link.moveBeginning' : direction === 'end' ? 'link.moveEnd' : 'link.move', error);
      }
    },
    [all, client, folderId, patchFolder, queryClient, userId],
  );

  const onMove = useCallback(
    (link: LinkCardLink, direction: ReorderDirection, columns: number) => void move(link, direction, columns),
    [move],
  );
  const handlers: Omit<FolderLinkHandlers, 'onMove'> = useMemo(
    () => ({
      onOpen: (link: LinkCardLink, mode: OpenMode) =>
        void openAfterCounting(link.url, mode, async () => {
          const count = await recordLinkOpen(client, link.id);
          if (typeof count === 'number') patchFolder((items) => items.map((l) => (l.id === link.id ? { ...l, access_count: count } : l)));
        }),
      onShare: (link: LinkCardLink) => !shareOff && setSharing(link),
      shareOff,
      onEdit: folder && canEditLinksIn(folder) ? (link: LinkCardLink) => setEditing(linkById.get(link.id) ?? null) : undefined,
      onDelete: setDeleting,
      extraActions: [{ label: 'Copy to folder', onSelect: setCopying }],
      renderExtra: canApproveIn(kind) ? (link: FolderLinkItem) => <ApproveButton linkId={link.id} /> : undefined,
    }),
    [client, patchFolder, folder, linkById, kind, shareOff],
  );

  const retry = () => {
    void context.refetch();
    void links.refetch();
  };

  // ── States: not found, load error, loading ──
  if (!validId || (context.isSuccess && context.data === null)) {
    return (
      <FolderShell>
        <div
          role="alert"
          data-testid="folder-not-found"
          className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center shadow-sm"
        >
          <h1 className="text-xl font-semibold">Folder not found</h1>
          <p className="max-w-md text-sm text-muted-foreground">This folder does not exist, was deleted, or belongs to another account.</p>
          <Button onClick={() => navigate('/dashboard')}>Home</Button>
        </div>
      </FolderShell>
    );
  }
  if (context.isError && !folder) {
    return (
      <FolderShell>
        <LoadError onRetry={retry} />
      </FolderShell>
    );
  }
  if (!folder) {
    return (
      <FolderShell>
        <div className="grid gap-4" aria-busy="true" aria-label="Loading folder">
          <div className="h-20 animate-pulse rounded-xl border border-border bg-card/70" />
          <GridSkeleton />
        </div>
      </FolderShell>
    );
  }

  const ancestors = context.data?.ancestors ?? [];
  const subfolders = context.data?.subfolders ?? [];
  const linkCount = all?.length ?? context.data?.link_count ?? 0;
  const pendingCount = incoming.data?.length ?? 0;
  const headerCount = kind === 'incoming' ? pendingCount : linkCount;
  const outlineColor = profile.data?.icon_outline_color || DEFAULT_ICON_OUTLINE_COLOR;
  // An incoming subfolder's glyph counts its links; the inbox counts its pending shares.
  const countFor = (sub: SubfolderWithCount) => (folderKind(sub) === 'incoming' ? pendingCount : sub.link_count);

  return (
    <FolderShell {...DIALOG_INTENT}>
      <header className="grid gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm" data-testid="folder-header">
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-2 text-sm">
          <Button variant="outline" size="sm" onClick={() => navigate('/dashboard')}>
            Home
          </Button>
          {ancestors.length > 0 ? (
            <ol className="flex min-w-0 flex-wrap items-center gap-1 text-muted-foreground">
              {ancestors.map((a) => (
                <li key={a.id} className="flex min-w-0 items-center gap-1">
                  <span aria-hidden="true">›</span>
                  <Link to={`/category/${a.id}`} className="truncate hover:text-foreground hover:underline">
                    {a.name}
                  </Link>
                </li>
              ))}
              <li className="flex min-w-0 items-center gap-1" aria-current="page">
                <span aria-hidden="true">›</span>
                <span className="truncate text-foreground">{folder.name}</span>
              </li>
            </ol>
          ) : null}
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <FolderGlyph kind={kind} count={headerCount} iconUrl={folder.icon_url} size="lg" />
          <div className="min-w-0 flex-1 basis-40">
            {/* Wraps rather than truncates: on a phone 'Recently Received Links (TikTok)' would lose its last word. */}
            <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">{folder.name}</h1>
            <p className="text-sm text-muted-foreground" data-testid="folder-count">
              {kind === 'incoming'
                ? `${pendingCount} pending · ${linkCount} ${linkCount === 1 ? 'link' : 'links'}`
                : `${formatCount(linkCount)} ${linkCount === 1 ? 'link' : 'links'}`}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setSharingFolder(folder)}>
            Share Folder
          </Button>
          {kind !== 'incoming' && !folder.is_template && canEditLinksIn(folder) && linkIds.length > 0 ? (
            <RefreshPreviewsButton scope="folder" linkIds={linkIds} />
          ) : null}
        </div>
      </header>

      <SubfolderList parent={folder} subfolders={subfolders} countFor={countFor} />

      {kind === 'incoming' ? (
        <IncomingShares shares={incoming.data} loading={incoming.isPending} destinations={linkFolders} onCopy={setCopying} />
      ) : null}

      <FolderLinksSection
        userId={userId}
        links={all}
        firstScreen={all ? undefined : firstScreen.data}
        loadError={
          links.isError ? (
            <LoadError onRetry={retry} message={isSubfolder ? FOLDER_MESSAGES.loadSubfolderLinksFailed : FOLDER_MESSAGES.loadLinksFailed} />
          ) : null
        }
        handlers={handlers}
        onMove={onMove}
        outlineColor={outlineColor}
      />

      {sharing ? <ShareLinkDialog link={sharing} onClose={() => setSharing(null)} /> : null}
      {deleting ? <FolderDeleteLinkDialog link={deleting} onClose={() => setDeleting(null)} /> : null}
      {copying ? <CopyLinkDialog link={copying} destinations={destinations} onClose={() => setCopying(null)} /> : null}
      {editing ? (
        <EditLinkDialog
          link={editing}
          categories={linkFolders}
          defaultCategoryId={defaultCategoryId}
          onClose={() => setEditing(null)}
          onDelete={setDeleting}
        />
      ) : null}
      {sharingFolder ? <ShareFolderDialog folder={sharingFolder} onClose={() => setSharingFolder(null)} /> : null}
    </FolderShell>
  );
}

/** 'Approve' on a link in APPROVED or REJECTED: it moves to APPROVED (part 2 §4). */
function ApproveButton({ linkId }: { linkId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const approve = useMutation(incomingMutations.approve(client, queryClient));
  return (
    <Button
      size="sm"
      variant="outline"
      className="justify-self-start"
      disabled={approve.isPending}
      onClick={() =>
        approve.mutate(linkId, {
          onSuccess: () => {
            showSuccessToast(APPROVED_TOAST);
            void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
          },
          onError: (error) => showErrorToast('incoming.approve', error),
        })
      }
    >
      Approve
    </Button>
  );
}

function FolderShell({ children, ...intent }: { children: React.ReactNode } & Partial<typeof DIALOG_INTENT>) {
  return (
    <div className="relative flex-1" data-testid="folder-view" {...intent}>
      <main className="mx-auto grid w-full max-w-7xl gap-4 px-3 pt-5 pb-24 sm:px-6 sm:pt-6">{children}</main>
    </div>
  );
}

function LoadError({ onRetry, message = FOLDER_MESSAGES.loadLinksFailed }: { onRetry: () => void; message?: string }) {
  return (
    <div
      role="alert"
      data-testid="folder-load-error"
      className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-6 text-center"
    >
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
