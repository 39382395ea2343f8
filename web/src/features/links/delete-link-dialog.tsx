import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { deleteLinkConfirmText } from '~shared/messages.ts';
import { ConfirmDialog } from '~shared/ui/ConfirmDialog.tsx';
import type { LinkCardLink } from '~shared/ui/LinkCard.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { linkDeletedToast } from './toasts.ts';

interface DeleteLinkDialogProps {
  /** The link to delete; null = closed. */
  link: LinkCardLink | null;
  onClose: () => void;
  onDeleted: (link: LinkCardLink) => void;
}

/** 'Delete Link' - 'Are you sure you want to delete "{title}"? This action cannot be undone.' (part 1 §2). */
export function DeleteLinkDialog({ link, onClose, onDeleted }: DeleteLinkDialogProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const remove = useMutation(linkMutations.delete(client, queryClient));

  async function confirm() {
    if (!link) return;
    try {
      await remove.mutateAsync(link.id);
    } catch (error) {
      showErrorToast('link.delete', error);
      throw error;
    }
    const toast = linkDeletedToast(link.title);
    showSuccessToast(toast.title, toast.description);
    onDeleted(link);
  }

  return (
    <ConfirmDialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Link"
      description={link ? deleteLinkConfirmText(link.title) : ''}
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={confirm}
    />
  );
}
