import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { templateMutations } from '~shared/data/templates/mutations.ts';
import { deleteLinkConfirmText, LINK_DELETED, linkDeletedMessage } from '~shared/messages.ts';
import { ConfirmDialog } from '~shared/ui/confirm-dialog.tsx';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { useEffect, useRef } from 'react';
import { usePreferences } from '../lib/use-preferences.ts';

/**
 * Where the link is deleted from, which decides the texts: the dashboard's toast is part 1's
 * ('Link deleted' - '"{title}" has been deleted.'), a folder's part 2's ('Link deleted
 * successfully!'); a template's link is a template's, asked about as such.
 */
export type DeleteLinkFrom = 'dashboard' | 'folder' | 'template';

interface DeleteLinkDialogProps {
  /** The link to delete; null = closed. */
  link: LinkCardLink | null;
  from: DeleteLinkFrom;
  onClose: () => void;
  onDeleted?: (link: LinkCardLink) => void;
}

/**
 * 'Delete Link' - 'Are you sure you want to delete "{title}"? This action cannot be undone.' (part 1 §2), Cancel / Delete.
 * With 'Confirm before deleting' off (General settings) a user's own link goes at once; a template's
 * link always asks.
 */
export function DeleteLinkDialog({ link, from, onClose, onDeleted }: DeleteLinkDialogProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const remove = useMutation(
    from === 'template' ? templateMutations.deleteLink(client, queryClient) : linkMutations.delete(client, queryClient),
  );
  const ask = usePreferences().confirm_delete || from === 'template';
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (ask || !link || started.current === link.id) return;
    started.current = link.id;
    confirm()
      .catch(() => undefined)
      .finally(onClose);
  });

  async function confirm() {
    if (!link) return;
    try {
      await remove.mutateAsync(link.id);
    } catch (error) {
      showErrorToast(from === 'dashboard' ? 'link.delete' : 'folder.deleteLink', error);
      throw error;
    }
    if (from === 'dashboard') {
      const toast = linkDeletedMessage(link.title);
      showSuccessToast(toast.title, toast.description);
    } else showSuccessToast(LINK_DELETED);
    // A folder's count (its header, the dashboard's folders) includes the link.
    if (from === 'folder') void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
    onDeleted?.(link);
  }

  if (!ask) return null;
  return (
    <ConfirmDialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Link"
      description={
        !link
          ? ''
          : from === 'template'
            ? `Are you sure you want to delete "${link.title}" from this template?`
            : deleteLinkConfirmText(link.title)
      }
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={confirm}
    />
  );
}
