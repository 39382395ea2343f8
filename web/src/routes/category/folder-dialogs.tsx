import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { deleteLinkConfirmText } from '~shared/messages.ts';
import { ConfirmDialog } from '~shared/ui/ConfirmDialog.tsx';
import { Dialog } from '~shared/ui/Dialog.tsx';
import type { LinkCardLink } from '~shared/ui/LinkCard.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { LinkEditorCard } from '../../features/links/link-editor-card.tsx';

export const LINK_DELETED = 'Link deleted successfully!';

/** Delete a link from the folder view: the dashboard's question, part 2's toasts. */
export function FolderDeleteLinkDialog({ link, onClose }: { link: LinkCardLink | null; onClose: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const remove = useMutation(linkMutations.delete(client, queryClient));
  async function confirm() {
    if (!link) return;
    try {
      await remove.mutateAsync(link.id);
    } catch (error) {
      showErrorToast('folder.deleteLink', error);
      throw error;
    }
    showSuccessToast(LINK_DELETED);
    void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
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

/** 'Edit Link' from the folder view: the dashboard's editor card in a dialog. */
export function EditLinkDialog({
  link,
  categories,
  defaultCategoryId,
  onClose,
  onDelete,
}: {
  link: LinkListItem | null;
  categories: readonly Category[];
  defaultCategoryId: string | undefined;
  onClose: () => void;
  onDelete: (link: LinkListItem) => void;
}) {
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && onClose()} title="Edit Link" className="sm:max-w-xl">
      {link ? (
        <LinkEditorCard
          key={link.id}
          categories={categories}
          defaultCategoryId={defaultCategoryId}
          editing={link}
          knownLinks={undefined}
          onDoneEditing={onClose}
          onDelete={(l) => {
            onClose();
            onDelete(l);
          }}
        />
      ) : null}
    </Dialog>
  );
}
