import type { Category } from '~shared/data/categories/api.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { Dialog } from '~shared/ui/dialog.tsx';
import { LinkEditorCard } from '../../components/link-editor-card.tsx';

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
