import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ALL_TEMPLATES_CATEGORY_ID, ALL_TEMPLATES_TITLE } from '~shared/constants.ts';
import type { Category } from '~shared/data/categories/api.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { searchLinks } from '~shared/data/links/select.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { templateQueries } from '~shared/data/templates/queries.ts';
import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { gridColumns } from '~shared/rules/grid-columns.ts';
import { Button } from '~shared/ui/Button.tsx';
import { ConfirmDialog } from '~shared/ui/ConfirmDialog.tsx';
import type { LinkCardLink, OpenMode } from '~shared/ui/LinkCard.tsx';
import { LinkSearchBox } from '../../features/links/link-search-box.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { pageTitle, useDocumentMeta } from '../../app/document-meta.ts';
import { useSessionState } from '../../app/session/use-session-state.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { CategoryIcon } from '../../features/category-icons/category-icon.tsx';
import { openAfterCounting } from '../../features/links/open-link.ts';
import { TemplateLinkDialog } from '../../features/templates/template-dialogs.tsx';
import { templatePath } from '../../features/templates/template-folder-cards.tsx';
import { useCopyTemplate } from '../../features/templates/use-copy-template.ts';
import { canEditLinksIn } from './folder-kind.ts';
import { FolderLinkGrid, type FolderLinkHandlers } from './folder-link-grid.tsx';
import { useFolderPrefs } from './use-folder-prefs.ts';
import { useWindowWidth } from './use-window-width.ts';
import { ViewModeSwitch } from './view-mode-switch.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /category/all-templates/:templateId: one template folder's links (part 2 §2). */
export function TemplateFolderPage() {
  const { session } = useSessionState();
  const { templateId } = useParams();
  const location = useLocation();
  if (!session || !templateId) return <PageFallback />;
  const hint = (location.state as { category?: Category } | null)?.category;
  return (
    <TemplateFolderView
      key={templateId}
      userId={session.user.id}
      templateId={templateId}
      hint={hint?.id === templateId && hint.is_template ? hint : null}
    />
  );
}

/**
 * A template folder as the folder view shows folders (view modes, search, the same link grid):
 * read-only with 'Copy to my collection' for everyone; admins also add, edit and remove its links.
 */
function TemplateFolderView({ userId, templateId, hint }: { userId: string; templateId: string; hint: Category | null }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const valid = UUID.test(templateId);
  const detail = useQuery({ ...templateQueries.detail(client, templateId), enabled: valid });
  const links = useQuery({ ...templateQueries.links(client, templateId), enabled: valid });
  const subfolders = useQuery({ ...templateQueries.list(client, templateId), enabled: valid });
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId)).data === true;
  const parentId = detail.data?.parent_category_id ?? null;
  const parent = useQuery({ ...templateQueries.detail(client, parentId ?? ''), enabled: Boolean(parentId) });
  const removeLink = useMutation(templateMutations.deleteLink(client, queryClient));
  const { copy, pendingId } = useCopyTemplate(userId, 'folder');
  const template = detail.data ?? (detail.isPending ? hint : null);
  useDocumentMeta({ title: pageTitle(template?.name ?? ALL_TEMPLATES_TITLE) });

  const { viewMode, setViewMode } = useFolderPrefs();
  const columns = gridColumns(viewMode, useWindowWidth());
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<FolderLinkItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LinkCardLink | null>(null);

  useEffect(() => {
    if (links.isError) showErrorToast('folder.loadLinks', links.error);
  }, [links.isError, links.error]);

  const all = links.data;
  const shown = useMemo(() => searchLinks(all ?? [], query), [all, query]);
  const byId = useMemo(() => new Map((all ?? []).map((l) => [l.id, l])), [all]);
  const editable = template ? canEditLinksIn(template, isAdmin) : false;
  const handlers: FolderLinkHandlers = useMemo(
    () => ({
      // Template links belong to nobody: opening them counts no view.
      onOpen: (link: LinkCardLink, mode: OpenMode) => void openAfterCounting(link.url, mode, async () => undefined),
      onEdit: editable ? (link: LinkCardLink) => setEditing(byId.get(link.id) ?? null) : undefined,
      onDelete: editable ? setDeleting : undefined,
      extraActions: [],
    }),
    [editable, byId],
  );

  if (!valid || (detail.isSuccess && detail.data === null)) {
    return (
      <Shell>
        <div
          role="alert"
          data-testid="folder-not-found"
          className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center shadow-sm"
        >
          <h1 className="text-xl font-semibold">Folder not found</h1>
          <p className="max-w-md text-sm text-muted-foreground">This template does not exist or was deleted.</p>
          <Button onClick={() => navigate(`/category/${ALL_TEMPLATES_CATEGORY_ID}`)}>{ALL_TEMPLATES_TITLE}</Button>
        </div>
      </Shell>
    );
  }
  if (!template) {
    return (
      <Shell>
        {detail.isError ? (
          <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-6 text-center">
            <p className="text-sm">{FOLDER_MESSAGES.loadTemplateCategoriesFailed}</p>
            <Button variant="outline" onClick={() => void detail.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <div className="h-20 animate-pulse rounded-xl border border-border bg-card/70" aria-busy="true" aria-label="Loading folder" />
        )}
      </Shell>
    );
  }

  const count = all?.length ?? 0;
  return (
    <Shell>
      <header className="grid gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm" data-testid="folder-header">
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-2 text-sm">
          <Button variant="outline" size="sm" onClick={() => navigate('/dashboard')}>
            Home
          </Button>
          <ol className="flex min-w-0 flex-wrap items-center gap-1 text-muted-foreground">
            <li className="flex items-center gap-1">
              <span aria-hidden="true">›</span>
              <Link to={`/category/${ALL_TEMPLATES_CATEGORY_ID}`} className="hover:text-foreground hover:underline">
                {ALL_TEMPLATES_TITLE}
              </Link>
            </li>
            {parent.data ? (
              <li className="flex min-w-0 items-center gap-1">
                <span aria-hidden="true">›</span>
                <Link to={templatePath(parent.data.id)} className="truncate hover:text-foreground hover:underline">
                  {parent.data.name}
                </Link>
              </li>
            ) : null}
            <li className="flex min-w-0 items-center gap-1" aria-current="page">
              <span aria-hidden="true">›</span>
              <span className="truncate text-foreground">{template.name}</span>
            </li>
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <CategoryIcon iconUrl={template.icon_url} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-xl font-semibold tracking-tight sm:text-2xl">{template.name}</h1>
            <p className="text-sm text-muted-foreground" data-testid="folder-count">
              {count} {count === 1 ? 'link' : 'links'} · {editable ? 'You can edit this template' : 'Template (read-only)'}
            </p>
          </div>
          {editable ? (
            <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
              Add link
            </Button>
          ) : null}
          <Button size="sm" onClick={() => copy(template.id)} disabled={pendingId === template.id}>
            Copy to my collection
          </Button>
        </div>
      </header>

      {subfolders.data && subfolders.data.length > 0 ? (
        <section aria-label="Subfolders" className="rounded-xl border border-border bg-card/95 p-4 shadow-sm">
          <h2 className="mb-2 text-base font-semibold">Subfolders</h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {subfolders.data.map((sub) => (
              <li key={sub.id}>
                <Link
                  to={templatePath(sub.id)}
                  state={{ category: sub }}
                  className="flex min-w-0 items-center gap-2 rounded-lg border border-border p-2 text-sm hover:bg-accent"
                >
                  <CategoryIcon iconUrl={sub.icon_url} size="sm" />
                  <span className="truncate">{sub.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="template-links-title" className="grid gap-3" data-testid="folder-results">
        <div className="flex flex-col gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <h2 id="template-links-title" className="text-base font-semibold">
            Links
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <LinkSearchBox className="sm:w-64" value={query} onChange={setQuery} />
            <ViewModeSwitch value={viewMode} onChange={setViewMode} />
          </div>
        </div>
        {links.isError && !all ? (
          <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/40 bg-card p-6 text-center">
            <p className="text-sm">{FOLDER_MESSAGES.loadLinksFailed}</p>
            <Button variant="outline" onClick={() => void links.refetch()}>
              Retry
            </Button>
          </div>
        ) : !all ? (
          <div className="h-28 animate-pulse rounded-xl border border-border bg-card/70" aria-busy="true" aria-label="Loading links" />
        ) : shown.length === 0 ? (
          <p
            className="rounded-xl border border-dashed border-border bg-card/80 px-3 py-8 text-center text-sm text-muted-foreground"
            data-testid="folder-empty"
          >
            {query.trim() ? 'No links match your search.' : 'This folder is empty.'}
          </p>
        ) : (
          <FolderLinkGrid
            query={query}
            links={shown}
            columns={columns}
            viewMode={viewMode}
            handlers={handlers}
            outlineColor="transparent"
          />
        )}
      </section>

      <TemplateLinkDialog
        open={adding || editing !== null}
        categoryId={template.id}
        link={editing}
        onClose={() => (setAdding(false), setEditing(null))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Link"
        description={deleting ? `Are you sure you want to delete "${deleting.title}" from this template?` : ''}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await removeLink.mutateAsync(deleting.id);
            showSuccessToast('Link deleted successfully!');
          } catch (e) {
            showErrorToast('folder.deleteLink', e);
            throw e;
          }
        }}
      />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative flex-1" data-testid="folder-view">
      <main className="mx-auto grid w-full max-w-7xl gap-4 px-3 pt-5 pb-24 sm:px-6 sm:pt-6">{children}</main>
    </div>
  );
}
