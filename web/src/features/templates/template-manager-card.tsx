import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '~shared/data/categories/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { templateNameSchema } from '~shared/schemas/template.ts';
import { Button } from '~shared/ui/button.tsx';
import { ConfirmDialog } from '~shared/ui/confirm-dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import { DashboardCard } from './dashboard-card.tsx';
import { RenameTemplateDialog, TemplateIconDialog } from './template-dialogs.tsx';
import { templatePath } from '../../lib/paths.ts';
import { templateCountLine } from '~shared/rules/template-summary.ts';
import { TemplateLoadError } from './template-load-error.tsx';
import { useTemplateTree } from './use-template-tree.ts';

/** 'Template Manager' (part 2 §2, §6): admins create, rename, re-icon, reorder and delete template folders. */
export function TemplateManagerCard({ userId, className }: { userId: string; className?: string }) {
  const client = useDataClient();
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId));
  // Only admins see the card at all: a user has nothing to do with it (no 'Admin Access Required').
  if (!isAdmin.data) return null;
  return (
    <DashboardCard id="template-manager" title="Template Manager" className={className}>
      <TemplateManager />
    </DashboardCard>
  );
}

function TemplateManager() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const { tree, summaries } = useTemplateTree();
  const create = useMutation(templateMutations.create(client, queryClient));
  const reorder = useMutation(templateMutations.reorder(client, queryClient));
  const remove = useMutation(templateMutations.delete(client, queryClient));
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [iconFor, setIconFor] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const nameId = useId();
  const templates = (summaries ?? []).map((s) => s.template);

  const submit = () => {
    const parsed = templateNameSchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    const last = templates.at(-1)?.display_order ?? 0;
    create.mutate(
      { name: parsed.data.name, displayOrder: last + 1 },
      {
        onSuccess: (created) => {
          setName('');
          showSuccessToast('Template created', `"${created.name}" is in Our Templates.`);
        },
        onError: (e) => showErrorToast('category.save', e),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <form
        className="grid gap-1.5"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={nameId} className="text-sm font-medium">
          New template
        </label>
        <div className="flex gap-2">
          <input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Template name"
            className={CONTROL_CLASS}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            data-testid="template-name-input"
          />
          <Button type="submit" disabled={create.isPending} className="shrink-0">
            Create Template
          </Button>
        </div>
        {nameError ? (
          <p id={`${nameId}-error`} role="alert" className="text-xs text-destructive">
            {nameError}
          </p>
        ) : null}
      </form>

      {tree.isError && !summaries ? (
        <TemplateLoadError onRetry={() => void tree.refetch()} />
      ) : !summaries ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <ol className="grid gap-2" aria-label="Templates" data-testid="template-manager-list">
          {summaries.map(({ template, linkCount, ownCount }, index) => (
            <li
              key={template.id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-border p-2"
              data-testid="template-manager-row"
              data-template-name={template.name}
            >
              <CategoryIcon iconUrl={template.icon_url} size="sm" />
              <Link to={templatePath(template.id)} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                {template.name}
              </Link>
              <span className="text-xs text-muted-foreground">{templateCountLine({ linkCount, ownCount })}</span>
              <div className="flex flex-wrap gap-1" role="group" aria-label={`Manage ${template.name}`}>
                {(['up', 'down'] as const).map((direction) => (
                  <Button
                    key={direction}
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${template.name} ${direction}`}
                    disabled={reorder.isPending || (direction === 'up' ? index === 0 : index === templates.length - 1)}
                    onClick={() =>
                      reorder.mutate({ templates, id: template.id, direction }, { onError: (e) => showErrorToast('template.reorder', e) })
                    }
                  >
                    {direction === 'up' ? '↑' : '↓'}
                  </Button>
                ))}
                <Button size="sm" variant="ghost" onClick={() => setRenaming(template)} aria-label={`Rename ${template.name}`}>
                  Rename
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setIconFor(template)} aria-label={`Change icon of ${template.name}`}>
                  Icon
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-destructive hover:text-destructive"
                  onClick={() => setDeleting(template)}
                  aria-label={`Delete ${template.name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <RenameTemplateDialog template={renaming} onClose={() => setRenaming(null)} />
      <TemplateIconDialog template={iconFor} onClose={() => setIconFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete template"
        description={FOLDER_MESSAGES.deleteTemplateConfirm}
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            showSuccessToast('Template deleted', `"${deleting.name}" and its links are gone.`);
          } catch (e) {
            showErrorToast('template.delete', e);
            throw e;
          }
        }}
      />
    </div>
  );
}
