import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BackgroundScope } from '~shared/data/backgrounds/keys.ts';
import { scopeKey } from '~shared/data/backgrounds/current.ts';
import type { Category } from '~shared/data/categories/api.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { countPendingIncoming } from '~shared/rules/incoming-count.ts';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { useBannerOptions } from '../../features/header-banner/banner-options.tsx';
import { cssBackgroundImage } from '../../features/backgrounds/background-scope.ts';
import { ManageCategoriesCard } from '../../features/categories/manage-categories-card.tsx';
import { LinkEditorCard } from '../../components/link-editor-card.tsx';
import type { LinkHandlers } from '../../features/links/link-handlers.ts';
import { YourLinks } from '../../features/links/your-links.tsx';
import { useLinkActions } from '../../features/links/use-link-actions.ts';
import { ChooseUsernameCard } from '../../features/username/choose-username-card.tsx';
import { DashboardHeading } from './dashboard-heading.tsx';
import { QuickAddButton } from './quick-add-button.tsx';
import { useDashboardData } from './use-dashboard-data.ts';
import { useLinkTags } from '../../lib/use-link-tags.ts';
import { useWideLayout } from './use-wide-layout.ts';
import { useDashboardShortcuts } from './use-shortcuts.tsx';
import { useShareOff } from '../../components/share-link/use-share-off.ts';
import { Dialog } from '~shared/ui/dialog.tsx';
import { DashboardFooter } from './dashboard-footer.tsx';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';
import { lazyDialog, preloadOnIntent } from '../../lib/lazy-dialog.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { CODE_LOAD_FAILED_MESSAGE } from '~shared/rules/code-load.ts';
import { SharedFoldersTreeSlot } from '../../features/folders/shared-folders-tree-slot.tsx';
import { SharedWithMeSlot } from '../../features/folders/shared-with-me-slot.tsx';

const DashboardBelowFold = lazy(() => import('./dashboard-below-fold.tsx').then((m) => ({ default: m.DashboardBelowFold })));

// The dialogs are chunks of their own, rendered only while open: rendered closed
// on every dashboard render they cost its first load their code (the share form brings zod) and
// their forms' render.
const ShareLinkDialog = lazyDialog(
  () => import('../../components/share-link/share-link-dialog.tsx'),
  (m) => m.ShareLinkDialog,
);
const DeleteLinkDialog = lazyDialog(
  () => import('../../components/delete-link-dialog.tsx'),
  (m) => m.DeleteLinkDialog,
);
const BackgroundDialog = lazyDialog(
  () => import('../../features/backgrounds/background-dialog.tsx'),
  (m) => m.BackgroundDialog,
);
const DIALOG_INTENT = preloadOnIntent([ShareLinkDialog, DeleteLinkDialog, BackgroundDialog]);

/** Folders a link can be saved into: the user's own, without the incoming system tree. */
const isLinkFolder = (c: Category) =>
  !c.is_template && c.system_key !== 'incoming' && c.system_key !== 'approved' && c.system_key !== 'rejected';

/** The dashboard's link features (part 1 §2): editor card, Your Links grid, categories, dialogs. */
export function Dashboard({ userId }: { userId: string }) {
  useDocumentMeta({ title: pageTitle('Dashboard') });
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { links, categories, incoming, outgoing, backgrounds } = useDashboardData(userId);
  const { open, move } = useLinkActions(userId);
  const linkTags = useLinkTags(userId);
  const shareOff = useShareOff(userId);
  const editorRef = useRef<HTMLDivElement>(null);
  const wide = useWideLayout();
  /** Narrow screens: the add/edit form is a sheet (part 2 §2's floating button opens it). */
  const [sheetOpen, setSheetOpen] = useState(false);
  // Narrow screens: a control that gets focus is never left behind the bottom bar. Browsers only
  // scroll on focus when the element is outside the viewport, so one just above the screen's edge
  // (under the bar) is scrolled up here; scroll-padding covers scrollIntoView and anchors.
  useEffect(() => {
    if (wide) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = '5.5rem';
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      const bar = document.querySelector('[data-testid="quick-add-bar"]');
      if (!target || !bar || bar.contains(target) || target.closest('[role="dialog"], [role="alertdialog"]')) return;
      // After the browser's own focus scrolling has happened.
      requestAnimationFrame(() => {
        const barTop = bar.getBoundingClientRect().top;
        const bottom = target.getBoundingClientRect().bottom;
        if (bottom > barTop) window.scrollBy({ top: bottom - barTop + 8 });
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      root.style.scrollPaddingBottom = '';
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [wide]);

  const [editing, setEditing] = useState<LinkListItem | null>(null);
  const [deleting, setDeleting] = useState<LinkCardLink | null>(null);
  const [sharing, setSharing] = useState<LinkCardLink | null>(null);
  const [backgroundScope, setBackgroundScope] = useState<BackgroundScope | null>(null);

  const focusEditor = useCallback(() => {
    if (!window.matchMedia('(min-width: 1024px)').matches) {
      setSheetOpen(true);
      return;
    }
    const editor = editorRef.current;
    if (!editor) return;
    editor.scrollIntoView({ behavior: 'smooth', block: 'start' });
    editor.querySelector<HTMLInputElement>('input[type="text"]')?.focus({ preventScroll: true });
  }, []);

  const focusSearch = useCallback(() => document.querySelector<HTMLInputElement>('[data-testid="links-search"]')?.focus(), []);
  const newLink = useCallback(() => {
    setEditing(null);
    focusEditor();
  }, [focusEditor]);
  const shortcutsHelp = useDashboardShortcuts({ focusSearch, newLink });

  // The banner's quick-add button links to /dashboard?add=link: a new link, not the one being edited
  // (state adjusted while rendering), in the form, focused; then the parameter goes.
  const addRequested = searchParams.get('add') === 'link';
  if (addRequested && editing !== null) setEditing(null);
  useEffect(() => {
    if (!addRequested) return;
    requestAnimationFrame(focusEditor);
    setSearchParams(
      (params) => {
        params.delete('add');
        return params;
      },
      { replace: true },
    );
  }, [addRequested, setSearchParams, focusEditor]);

  const backgroundUrl = (scope: BackgroundScope) => backgrounds.data?.get(scopeKey(scope))?.background_url ?? null;
  // Stable callbacks: the grid's sections skip re-rendering when nothing they show changed.
  const openCategory = useCallback(
    (id: string, category?: Category) => navigate(`/category/${id}`, { state: category ? { category } : undefined }),
    [navigate],
  );
  const changeCategoryBackground = useCallback((category: Category) => setBackgroundScope({ categoryId: category.id }), []);
  const currentBackgrounds = backgrounds.data;
  const categoryBackground = useCallback(
    (categoryId: string) => cssBackgroundImage(currentBackgrounds?.get(scopeKey({ categoryId }))?.background_url),
    [currentBackgrounds],
  );
  const openBannerBackground = useCallback(() => setBackgroundScope({ name: 'banner' }), []);
  useBannerOptions({ onChangeBackground: openBannerBackground });

  const linkById = useMemo(() => new Map((links.data ?? []).map((link) => [link.id, link])), [links.data]);
  const linkIds = useMemo(() => [...linkById.keys()], [linkById]);
  const folders = useMemo(() => (categories.data ?? []).filter(isLinkFolder), [categories.data]);
  const defaultCategoryId = categories.data?.find((c) => c.system_key === 'saved')?.id;
  const linkCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const link of links.data ?? []) {
      if (link.category_id) counts.set(link.category_id, (counts.get(link.category_id) ?? 0) + 1);
      if (link.second_category_id && link.second_category_id !== link.category_id)
        counts.set(link.second_category_id, (counts.get(link.second_category_id) ?? 0) + 1);
    }
    return counts;
  }, [links.data]);
  // Every folder, subfolders included: Manage Categories shows them as a tree.
  const manageable = useMemo(() => (categories.data ?? []).filter((c) => !c.is_template), [categories.data]);

  const handlers: LinkHandlers = useMemo(
    () => ({
      onOpen: (link, mode) => void open(link, mode),
      onShare: (link) => !shareOff && setSharing(link),
      shareOff,
      onEdit: (link) => {
        setEditing(linkById.get(link.id) ?? null);
        requestAnimationFrame(focusEditor);
      },
      onDelete: setDeleting,
      onMove: (params) => void move(params),
      editingId: editing?.id ?? null,
      tagsOf: linkTags.tagsOf,
    }),
    [open, move, linkById, focusEditor, editing, shareOff, linkTags.tagsOf],
  );

  const editor = (inSheet: boolean) => (
    <LinkEditorCard
      ref={inSheet ? undefined : editorRef}
      categories={folders}
      defaultCategoryId={defaultCategoryId}
      editing={editing}
      knownLinks={links.data}
      onDoneEditing={() => setEditing(null)}
      onDelete={setDeleting}
      bare={inSheet}
      onSaved={inSheet ? () => setSheetOpen(false) : undefined}
    />
  );
  const manageCategories = (
    <ManageCategoriesCard
      categories={manageable}
      linkCounts={links.data ? linkCounts : undefined}
      pendingIncoming={countPendingIncoming(incoming.data ?? [])}
      loading={categories.isPending}
    >
      <SharedFoldersTreeSlot userId={userId} />
    </ManageCategoriesCard>
  );

  // Below the grid (templates, AI discovery, the API panel, the footer): drawn, their reads started
  // and their code (a chunk of its own) loaded in the task after the first paint with the links,
  // which then waits only for what the first screen shows. After the first paint
  // with the links or with their load error: a failed load never hides the rest of the page.
  const belowFold = useAfterFirstPaint(!links.isPending);

  const dashboardBackground = cssBackgroundImage(backgroundUrl({ name: 'dashboard' }));
  return (
    <div
      className="relative flex-1 bg-cover bg-top"
      style={dashboardBackground ? { backgroundImage: dashboardBackground } : undefined}
      data-testid="dashboard"
      data-background={backgroundUrl({ name: 'dashboard' }) ?? undefined}
      {...DIALOG_INTENT}
    >
      {dashboardBackground ? <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-background/55" /> : null}
      <main className="relative mx-auto grid w-full max-w-7xl gap-5 px-3 pt-5 pb-24 sm:px-6 sm:pt-6 lg:grid-cols-[minmax(0,1fr)_23rem] lg:grid-rows-[auto_auto_1fr] lg:gap-6">
        <div className="grid gap-4 lg:col-span-2">
          <DashboardHeading userId={userId} linkIds={linkIds} onChangeBackground={() => setBackgroundScope({ name: 'dashboard' })} />
          <ChooseUsernameCard userId={userId} />
          <SharedWithMeSlot userId={userId} />
        </div>
        {wide ? (
          // Sidebar first in the tab order (its cells are placed explicitly, so the look is unchanged).
          <>
            <div className="min-w-0 lg:col-start-2 lg:row-start-2">{editor(false)}</div>
            <div className="min-w-0 self-start lg:col-start-2 lg:row-start-3">{manageCategories}</div>
          </>
        ) : null}
        <YourLinks
          className="min-w-0 lg:col-start-1 lg:row-span-2 lg:row-start-2"
          userId={userId}
          links={links.data}
          linkTags={linkTags.byLink}
          linksUpdatedAt={links.dataUpdatedAt}
          categories={categories.data}
          incoming={incoming.data ?? []}
          outgoing={outgoing.data ?? []}
          loading={links.isPending || categories.isPending}
          handlers={handlers}
          onOpenCategory={openCategory}
          onChangeCategoryBackground={changeCategoryBackground}
          backgroundFor={categoryBackground}
        />
        {wide ? null : <div className="min-w-0">{manageCategories}</div>}
        {belowFold ? (
          <ErrorBoundary
            fallback={() => (
              <p role="alert" className="text-sm text-destructive">
                {CODE_LOAD_FAILED_MESSAGE}
              </p>
            )}
          >
            <Suspense fallback={null}>
              <DashboardBelowFold userId={userId} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </main>
      {belowFold ? <DashboardFooter aboveBottomBar={!wide} /> : null}
      {wide ? null : (
        <>
          <QuickAddButton
            onClick={() => {
              setEditing(null);
              setSheetOpen(true);
            }}
          />
          <Dialog
            open={sheetOpen || editing !== null}
            onOpenChange={(open) => {
              if (open) return;
              setSheetOpen(false);
              setEditing(null);
            }}
            title={editing ? 'Edit Link' : 'Add New Link'}
          >
            {editor(true)}
          </Dialog>
        </>
      )}
      {shortcutsHelp}
      {deleting ? (
        <DeleteLinkDialog
          link={deleting}
          from="dashboard"
          onClose={() => setDeleting(null)}
          onDeleted={(link) => editing?.id === link.id && setEditing(null)}
        />
      ) : null}
      {sharing ? <ShareLinkDialog link={sharing} onClose={() => setSharing(null)} /> : null}
      {backgroundScope ? <BackgroundDialog userId={userId} scope={backgroundScope} onClose={() => setBackgroundScope(null)} /> : null}
    </div>
  );
}
