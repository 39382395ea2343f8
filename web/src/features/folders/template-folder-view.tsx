import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ALL_TEMPLATES_CATEGORY_ID, ALL_TEMPLATES_TITLE } from '~shared/constants.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { templateQueries } from '~shared/data/templates/queries.ts';
import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { isUuid } from '~shared/rules/uuid.ts';
import { Button } from '~shared/ui/button.tsx';
import type { LinkCardLink, OpenMode } from '~shared/ui/link-card.tsx';
import { showErrorToast } from '~shared/ui/toast.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { lazyDialog, preloadOnIntent } from '../../lib/lazy-dialog.tsx';
import { openAfterCounting } from '../../lib/open-link.ts';
import { usePreferences } from '../../lib/use-preferences.ts';
import { templatePath } from '../../lib/paths.ts';
import { useCopyTemplate } from '../../lib/use-copy-template.ts';
import { FolderHeader } from './folder-header.tsx';
import { canEditLinksIn } from './folder-kind.ts';
import { FolderLinksSection, type FolderLinkHandlers } from './folder-links-section.tsx';
import { FolderShell } from './folder-shell.tsx';
import { FolderLoadError, FolderLoading, FolderNotFound } from './folder-states.tsx';
import type { FolderViewProps } from './folder-view.tsx';

// Loaded when first opened, downloaded when the page is first used (lib/lazy-dialog.tsx): the link
// form brings zod.
const TemplateLinkDialog = lazyDialog(
  () => import('./template-link-dialog.tsx'),
  (m) => m.TemplateLinkDialog,
);
const DeleteLinkDialog = lazyDialog(
  () => import('../../components/delete-link-dialog.tsx'),
  (m) => m.DeleteLinkDialog,
);
const DIALOG_INTENT = preloadOnIntent([TemplateLinkDialog, DeleteLinkDialog]);

/**
 * The folder view's template mode (folder-view.tsx): a template folder (part 2 §2), read-only with
 * 'Copy to my collection' for everyone; admins also add, edit and remove its links. The frame,
 * header, states, links section and grid are the folder view's; the breadcrumb starts at 'Our
 * Templates'. A module of its own: a folder's first load never loads template editing (its form
 * brings zod).
 */
export function TemplateFolderView({ userId, folderId: templateId, initialCategory }: FolderViewProps) {
  const client = useDataClient();
  const navigate = useNavigate();
  const valid = isUuid(templateId);
  const detail = useQuery({ ...templateQueries.detail(client, templateId), enabled: valid });
  const links = useQuery({ ...templateQueries.links(client, templateId), enabled: valid });
  const subfolders = useQuery({ ...templateQueries.list(client, templateId), enabled: valid });
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId)).data === true;
  const parentId = detail.data?.parent_category_id ?? null;
  const parent = useQuery({ ...templateQueries.detail(client, parentId ?? ''), enabled: Boolean(parentId) });
  const { copy, pendingId } = useCopyTemplate(userId, 'folder');
  const hint = initialCategory?.id === templateId && initialCategory.is_template ? initialCategory : null;
  const template = detail.data ?? (detail.isPending ? hint : null);
  useDocumentMeta({ title: pageTitle(template?.name ?? ALL_TEMPLATES_TITLE) });

  const [editing, setEditing] = useState<FolderLinkItem | null>(null);
  const [adding, setAdding] = useState(false);
  // Once opened, the link dialog stays mounted: a save that ends after it closed still toasts.
  const [linkDialogUsed, setLinkDialogUsed] = useState(false);
  if (!linkDialogUsed && (adding || editing !== null)) setLinkDialogUsed(true);
  const [deleting, setDeleting] = useState<LinkCardLink | null>(null);

  useEffect(() => {
    if (links.isError) showErrorToast('folder.loadLinks', links.error);
  }, [links.isError, links.error]);

  const all = links.data;
  const byId = useMemo(() => new Map((all ?? []).map((l) => [l.id, l])), [all]);
  const editable = template ? canEditLinksIn(template, isAdmin) : false;
  const openLinks = usePreferences().open_links;
  const handlers: Omit<FolderLinkHandlers, 'onMove'> = useMemo(
    () => ({
      // Template links belong to nobody: opening them counts no view.
      onOpen: (link: LinkCardLink, mode: OpenMode) => void openAfterCounting(link.url, mode, () => Promise.resolve(), openLinks),
      onEdit: editable ? (link: LinkCardLink) => setEditing(byId.get(link.id) ?? null) : undefined,
      onDelete: editable ? setDeleting : undefined,
      extraActions: [],
    }),
    [editable, byId, openLinks],
  );

  if (!valid || (detail.isSuccess && detail.data === null)) {
    return (
      <FolderShell>
        <FolderNotFound
          message="This template does not exist or was deleted."
          back={ALL_TEMPLATES_TITLE}
          onBack={() => navigate(`/category/${ALL_TEMPLATES_CATEGORY_ID}`)}
        />
      </FolderShell>
    );
  }
  if (!template) {
    return (
      <FolderShell>
        {detail.isError ? (
          <FolderLoadError onRetry={() => void detail.refetch()} message={FOLDER_MESSAGES.loadTemplateCategoriesFailed} />
        ) : (
          <FolderLoading />
        )}
      </FolderShell>
    );
  }

  const count = all?.length ?? 0;
  const crumbs = [
    { key: ALL_TEMPLATES_CATEGORY_ID, name: ALL_TEMPLATES_TITLE, to: `/category/${ALL_TEMPLATES_CATEGORY_ID}` },
    ...(parent.data ? [{ key: parent.data.id, name: parent.data.name, to: templatePath(parent.data.id) }] : []),
  ];
  return (
    <FolderShell {...DIALOG_INTENT}>
      <FolderHeader
        crumbs={crumbs}
        name={template.name}
        icon={<CategoryIcon iconUrl={template.icon_url} size="lg" />}
        count={`${count} ${count === 1 ? 'link' : 'links'} · ${editable ? 'You can edit this template' : 'Template (read-only)'}`}
        onHome={() => navigate('/dashboard')}
      >
        {editable ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            Add link
          </Button>
        ) : null}
        <Button size="sm" onClick={() => copy(template.id)} disabled={pendingId === template.id}>
          Copy to my collection
        </Button>
      </FolderHeader>

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

      <FolderLinksSection
        links={all}
        linksUpdatedAt={links.dataUpdatedAt}
        loadError={links.isError ? <FolderLoadError onRetry={() => void links.refetch()} /> : null}
        handlers={handlers}
      />

      {linkDialogUsed ? (
        <TemplateLinkDialog
          open={adding || editing !== null}
          categoryId={template.id}
          link={editing}
          onClose={() => (setAdding(false), setEditing(null))}
        />
      ) : null}
      {deleting ? <DeleteLinkDialog link={deleting} from="template" onClose={() => setDeleting(null)} /> : null}
    </FolderShell>
  );
}
