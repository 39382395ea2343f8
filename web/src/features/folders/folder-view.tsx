import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
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
import { formatCount } from '~shared/rules/text.ts';
import { isUuid } from '~shared/rules/uuid.ts';
import { applyCreatedAtUpdates, type ReorderDirection } from '~shared/rules/reorder.ts';
import { Button } from '~shared/ui/button.tsx';
import type { LinkCardLink, OpenMode } from '~shared/ui/link-card.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { PhoneActionsMenu } from '../../components/phone-actions-menu.tsx';
import { RefreshPreviewsButton, useRefreshPreviews } from '../../components/refresh-previews-button.tsx';
import { useShareOff } from '../../components/share-link/use-share-off.ts';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { folderStartsWithFirstScreen } from '../../lib/folder-prefs.ts';
import { lazyDialog, preloadOnIntent } from '../../lib/lazy-dialog.tsx';
import { directionWord } from '../../lib/link-moves.ts';
import { openAfterCounting } from '../../lib/open-link.ts';
import { usePreferences } from '../../lib/use-preferences.ts';
import { useLinkTags } from '../../lib/use-link-tags.ts';
import { tagSearchText } from '~shared/rules/search-chips.ts';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';
import { copyDestinations } from './copy-destinations.ts';
import { FolderGlyph } from './folder-glyph.tsx';
import { FolderHeader } from './folder-header.tsx';
import { canApproveIn, canEditLinksIn, folderKind, refreshesLive } from './folder-kind.ts';
import { FolderLinksSection, type FolderLinkHandlers } from './folder-links-section.tsx';
import { FolderShell } from './folder-shell.tsx';
import { FolderLoadError, FolderLoading, FolderNotFound } from './folder-states.tsx';
import { IncomingShares } from './incoming-shares.tsx';
import { createSearchCountStore, FolderCountLine } from './search-count.tsx';
import { SubfolderList } from './subfolder-list.tsx';

const APPROVED_TOAST = 'Approved';

// Loaded when first opened, downloaded when the folder is first used (lib/lazy-dialog.tsx).
const ShareLinkDialog = lazyDialog(
  () => import('../../components/share-link/share-link-dialog.tsx'),
  (m) => m.ShareLinkDialog,
);
const CopyLinkDialog = lazyDialog(
  () => import('./copy-link-dialog.tsx'),
  (m) => m.CopyLinkDialog,
);
const EditLinkDialog = lazyDialog(
  () => import('./edit-link-dialog.tsx'),
  (m) => m.EditLinkDialog,
);
const DeleteLinkDialog = lazyDialog(
  () => import('../../components/delete-link-dialog.tsx'),
  (m) => m.DeleteLinkDialog,
);
const ShareFolderDialog = lazyDialog(
  () => import('./share-folder-dialog.tsx'),
  (m) => m.ShareFolderDialog,
);
// Not one of the user's folders: maybe one shared with them (its own chunk, only then downloaded).
const SharedFolderView = lazy(() => import('./shared-folder-view.tsx'));
const DIALOG_INTENT = preloadOnIntent([ShareLinkDialog, CopyLinkDialog, EditLinkDialog, DeleteLinkDialog, ShareFolderDialog]);

/** Folders a link can be accepted into or edited into: the user's own, without the incoming system tree. */
const isLinkFolder = (c: Category) =>
  !c.is_template && c.system_key !== 'incoming' && c.system_key !== 'approved' && c.system_key !== 'rejected';

export interface FolderViewProps {
  userId: string;
  /** The folder's id (a template's in template mode). */
  folderId: string;
  /** The folder as the page that linked here passed it in router state: the header shows at once, the server still decides. */
  initialCategory?: Category | null;
}

/**
 * The folder view (part 2 §2 'Category folder view'): header with breadcrumb, subfolders, the
 * incoming inbox when it is one, then the links with search, view modes, sorts and reordering. One
 * view for every kind of the user's folders (subfolders, the inbox and its APPROVED/REJECTED, the
 * Instagram/TikTok folders); template folders are its template mode (template-folder-view.tsx),
 * built of the same parts: frame, header, states, links section and link grid.
 */
export function FolderView({ userId, folderId, initialCategory }: FolderViewProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const validId = isUuid(folderId);

  // The folder and its links load in parallel (the folder's first load is one round trip each).
  // Incoming folders refresh every 30 s (their counts and links change from elsewhere); others on demand.
  const context = useQuery({
    ...folderQueries.context(client, userId, folderId),
    refetchInterval: (q) => (refreshesLive(q.state.data?.folder) ? INCOMING_REFRESH_MS : false),
  });
  // The first screen is drawn from the folder's newest links (one small answer): the whole list is
  // asked for once that screen is up, so a 10,000-link answer never holds a large folder's first
  // load back. Another remembered sort, or a list already cached, needs no first screen.
  const allKey = linkQueries.folder(client, userId, folderId).queryKey;
  const [askedForAll, setAskedForAll] = useState(() => !folderStartsWithFirstScreen());
  // The whole list is wanted once asked for, or as soon as it is cached (then no first screen is needed).
  const wantAll = askedForAll || queryClient.getQueryData(allKey) !== undefined;
  const firstScreen = useQuery({ ...linkQueries.folderFirstScreen(client, userId, folderId), enabled: validId && !wantAll });
  // Fewer than asked for: that was every link, the whole list is known (nothing to ask for). Filling
  // its cache entry makes it wanted (above), without a request.
  const firstScreenIsAll = !firstScreen.isPending && !!firstScreen.data && firstScreen.data.length < FOLDER_FIRST_SCREEN;
  useEffect(() => {
    if (!wantAll && firstScreenIsAll) queryClient.setQueryData(allKey, firstScreen.data);
  }, [wantAll, firstScreenIsAll, queryClient, allKey, firstScreen.data]);
  const links = useQuery({
    ...linkQueries.folder(client, userId, folderId),
    enabled: validId && wantAll,
    refetchInterval: refreshesLive(context.data?.folder) ? INCOMING_REFRESH_MS : false,
  });
  // What the first screen does not show (the rest of the list, the folders to copy to, the share
  // switches, the admin role) is asked for after that screen's paint: asked for while it renders,
  // its requests were started before the paint (the grid's re-render at mount runs the page's
  // effects at once), about 2 ms of main thread each on a 2-core machine.
  const afterFirstScreen = useAfterFirstPaint(!context.isPending && !(wantAll ? links.isPending : firstScreen.isPending));
  // After the first screen's paint the rest is asked for; once wanted, the whole list stays wanted
  // (state adjusted while rendering, not in an effect).
  if (!askedForAll && (wantAll || (!firstScreen.isPending && afterFirstScreen))) setAskedForAll(true);
  const categories = useQuery({ ...categoryQueries.list(client, userId), enabled: afterFirstScreen });
  const shareOff = useShareOff(userId, afterFirstScreen);
  const isAdmin = useQuery({ ...roleQueries.isAdmin(client, userId), enabled: afterFirstScreen }).data ?? false;
  const profile = useQuery(profileQueries.detail(client, userId));
  const outlineColor = profile.data?.icon_outline_color || DEFAULT_ICON_OUTLINE_COLOR;

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
  const [searchCount] = useState(createSearchCountStore);

  const isSubfolder = Boolean(folder?.parent_category_id);
  useEffect(() => {
    if (links.isError) showErrorToast(isSubfolder ? 'folder.loadSubfolderLinks' : 'folder.loadLinks', links.error);
  }, [links.isError, links.error, isSubfolder]);

  const all = links.data;
  const linkIds = useMemo(() => (all ?? []).map((l) => l.id), [all]);
  const refresh = useRefreshPreviews(linkIds, 'folder');
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
  const openLinks = usePreferences().open_links;
  // Tag chips: one lookup for the whole folder; a chip opens the dashboard's search for the tag.
  const { tagsOf } = useLinkTags(userId);
  const handlers: Omit<FolderLinkHandlers, 'onMove'> = useMemo(
    () => ({
      onOpen: (link: LinkCardLink, mode: OpenMode) =>
        void openAfterCounting(
          link.url,
          mode,
          async () => {
            const count = await recordLinkOpen(client, link.id);
            if (typeof count === 'number') patchFolder((items) => items.map((l) => (l.id === link.id ? { ...l, access_count: count } : l)));
          },
          openLinks,
        ),
      onShare: (link: LinkCardLink) => !shareOff && setSharing(link),
      shareOff,
      onEdit: folder && canEditLinksIn(folder) ? (link: LinkCardLink) => setEditing(linkById.get(link.id) ?? null) : undefined,
      onDelete: setDeleting,
      // The user's own link lives in one folder: 'copying' it elsewhere moves it, so the action says so.
      extraActions: [{ label: 'Move to folder', onSelect: setCopying }],
      renderExtra: canApproveIn(kind) ? (link: FolderLinkItem) => <ApproveButton linkId={link.id} /> : undefined,
      tagsOf,
      onTagClick: (name: string) => navigate(`/dashboard?${new URLSearchParams({ q: tagSearchText(name) }).toString()}`),
    }),
    [client, patchFolder, folder, linkById, kind, shareOff, openLinks, tagsOf, navigate],
  );

  const own = useMemo(() => ({ userId, outlineColor, onMove }), [userId, outlineColor, onMove]);

  const retry = () => {
    void context.refetch();
    void links.refetch();
  };

  // ── States: not found, load error, loading ──
  if (validId && context.isSuccess && context.data === null) {
    return (
      <Suspense
        fallback={
          <FolderShell>
            <FolderLoading />
          </FolderShell>
        }
      >
        <SharedFolderView userId={userId} folderId={folderId} />
      </Suspense>
    );
  }
  if (!validId) {
    return (
      <FolderShell>
        <FolderNotFound
          message="This folder does not exist, was deleted, or belongs to another account."
          back="Home"
          onBack={() => navigate('/dashboard')}
        />
      </FolderShell>
    );
  }
  if (context.isError && !folder) {
    return (
      <FolderShell>
        <FolderLoadError onRetry={retry} />
      </FolderShell>
    );
  }
  if (!folder) {
    return (
      <FolderShell>
        <FolderLoading />
      </FolderShell>
    );
  }

  const ancestors = context.data?.ancestors ?? [];
  const subfolders = context.data?.subfolders ?? [];
  const linkCount = all?.length ?? context.data?.link_count ?? 0;
  const pendingCount = incoming.data?.length ?? 0;
  const headerCount = kind === 'incoming' ? pendingCount : linkCount;
  // An incoming subfolder's glyph counts its links; the inbox counts its pending shares.
  const countFor = (sub: SubfolderWithCount) => (folderKind(sub) === 'incoming' ? pendingCount : sub.link_count);

  const canRefresh = kind !== 'incoming' && !folder.is_template && canEditLinksIn(folder) && linkIds.length > 0;

  return (
    <FolderShell {...DIALOG_INTENT}>
      <FolderHeader
        crumbs={ancestors.map((a) => ({ key: a.id, name: a.name, to: `/category/${a.id}` }))}
        name={folder.name}
        icon={<FolderGlyph kind={kind} count={headerCount} iconUrl={folder.icon_url} size="lg" />}
        count={
          <FolderCountLine
            store={searchCount}
            total={linkCount}
            text={
              kind === 'incoming'
                ? `${pendingCount} pending · ${linkCount} ${linkCount === 1 ? 'link' : 'links'}`
                : `${formatCount(linkCount)} ${linkCount === 1 ? 'link' : 'links'}`
            }
          />
        }
        onHome={() => navigate('/dashboard')}
        menu={
          <PhoneActionsMenu
            label="Folder actions"
            entries={[
              { kind: 'action', label: 'Share Folder', onSelect: () => setSharingFolder(folder) },
              ...(canRefresh ? [{ kind: 'action' as const, label: refresh.label, onSelect: refresh.run, disabled: refresh.disabled }] : []),
            ]}
          />
        }
      >
        <Button variant="outline" size="sm" onClick={() => setSharingFolder(folder)}>
          Share Folder
        </Button>
        {canRefresh ? <RefreshPreviewsButton refresh={refresh} /> : null}
      </FolderHeader>

      <SubfolderList parent={folder} subfolders={subfolders} countFor={countFor} />

      {kind === 'incoming' ? (
        <IncomingShares shares={incoming.data} loading={incoming.isPending} destinations={linkFolders} onCopy={setCopying} />
      ) : null}

      <FolderLinksSection
        links={all}
        linksUpdatedAt={links.dataUpdatedAt}
        firstScreen={all ? undefined : firstScreen.data}
        loadError={
          links.isError ? (
            <FolderLoadError
              onRetry={retry}
              message={isSubfolder ? FOLDER_MESSAGES.loadSubfolderLinksFailed : FOLDER_MESSAGES.loadLinksFailed}
            />
          ) : null
        }
        handlers={handlers}
        own={own}
        searchCount={searchCount}
      />

      {sharing ? <ShareLinkDialog link={sharing} onClose={() => setSharing(null)} /> : null}
      {deleting ? <DeleteLinkDialog link={deleting} from="folder" onClose={() => setDeleting(null)} /> : null}
      {copying ? (
        <CopyLinkDialog
          link={copying}
          destinations={destinations}
          mode={linkById.has(copying.id) ? 'move' : 'copy'}
          onClose={() => setCopying(null)}
        />
      ) : null}
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

/** 'Approve' on a link in REJECTED: it moves to APPROVED (part 2 §4). */
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
