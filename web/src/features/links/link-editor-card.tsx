import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, useCallback } from 'react';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { fetchLinkPreview } from '~shared/data/links/preview.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { effectiveCategoryId } from '~shared/rules/category-assignment.ts';
import { findDuplicateLink } from '~shared/rules/duplicate-url.ts';
import type { LinkInput } from '~shared/schemas/link.ts';
import type { CategoryOption } from '~shared/ui/CategorySelect.tsx';
import { LinkForm, type LinkFormSaved } from '~shared/ui/LinkForm.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { linkSavedToast } from './toasts.ts';

interface LinkEditorCardProps {
  categories: readonly CategoryOption[];
  /** 'Recently Saved Links' (preselected when adding). */
  defaultCategoryId: string | undefined;
  /** The link being edited, or null to add. */
  editing: LinkListItem | null;
  /** The cached list: a duplicate URL is found here without a query. */
  knownLinks: readonly LinkListItem[] | undefined;
  onDoneEditing: () => void;
  onDelete: (link: LinkListItem) => void;
  /** Inside a sheet that has its own title: no card chrome. */
  bare?: boolean;
  /** After a successful add or update (the phone's sheet closes). */
  onSaved?: () => void;
}

/**
 * The 'Add New Link' / 'Edit Link' card (part 1 §2) around the shared LinkForm: saves through the
 * data layer (an add whose URL is already saved updates that link) and shows the spec's toasts.
 */
export const LinkEditorCard = forwardRef<HTMLDivElement, LinkEditorCardProps>(function LinkEditorCard(
  { categories, defaultCategoryId, editing, knownLinks, onDoneEditing, onDelete, bare = false, onSaved },
  ref,
) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const save = useMutation(linkMutations.save(client, queryClient));
  // The grid's list has no descriptions; the form reads the whole row of the link it edits.
  const fetchPreview = useCallback((url: string) => fetchLinkPreview(client, url), [client]);
  const detail = useQuery({ ...linkQueries.detail(client, editing?.id ?? ''), enabled: Boolean(editing) });

  async function submit(input: LinkInput, icon: File | null): Promise<LinkFormSaved> {
    try {
      const result = await save.mutateAsync({ input, linkId: editing?.id, icon, knownLinks });
      const toast = linkSavedToast(result.outcome, result.link.title);
      // In the phone's sheet the sheet closes now: the toast goes where it covers no control.
      showSuccessToast(toast.title, toast.description, undefined, { dialogClosing: bare });
      if (editing) onDoneEditing();
      onSaved?.();
      return { categoryId: effectiveCategoryId(result.link) ?? result.categoryId, categoryCreated: result.categoryCreated };
    } catch (error) {
      showErrorToast('link.save', error);
      throw error; // keeps what the user typed
    }
  }

  const waitingForDetail = Boolean(editing) && detail.isPending;
  return (
    <div ref={ref} id="link-editor" className="scroll-mt-4" data-testid="link-editor">
      {waitingForDetail ? (
        <div className="rounded-xl border border-warning bg-card p-6 text-sm text-muted-foreground ring-2 ring-warning/40">
          Loading link…
        </div>
      ) : (
        <LinkForm
          key={editing ? `edit-${editing.id}-${detail.dataUpdatedAt}` : 'add'}
          mode={editing ? 'edit' : 'add'}
          categories={categories}
          defaultCategoryId={defaultCategoryId}
          initialValues={
            editing
              ? {
                  title: detail.data?.title ?? editing.title,
                  url: detail.data?.url ?? editing.url,
                  description: detail.data?.description ?? '',
                  categoryId: effectiveCategoryId(editing) ?? defaultCategoryId,
                }
              : undefined
          }
          onSubmit={submit}
          fetchPreview={fetchPreview}
          findExisting={knownLinks ? (url) => findDuplicateLink(knownLinks, url) : undefined}
          onCancel={onDoneEditing}
          onDelete={editing ? () => onDelete(editing) : undefined}
          bare={bare}
          className={bare ? undefined : 'bg-card/95 backdrop-blur'}
        />
      )}
    </div>
  );
});
