import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { categoryMovedMessage } from '~shared/messages.ts';
import { buildFolderTree, canMoveFolder, folderPathNames } from '~shared/rules/folder-tree.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { FormField } from '~shared/ui/form-field.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

interface MoveFolderDialogProps {
  onOpenChange: (open: boolean) => void;
  folder: Category;
  /** Every folder of the user (the tree). */
  folders: readonly Category[];
}

const TOP_LEVEL = '';

/** Folders a folder may go into: not itself or below it, not the incoming tree (the server files links there). */
function destinations(folder: Category, folders: readonly Category[]) {
  const tree = buildFolderTree(folders);
  const incomingTree = new Set(folders.filter((f) => f.system_key === 'incoming').map((f) => f.id));
  const inIncoming = (f: Category) =>
    f.system_key === 'incoming' ||
    f.system_key === 'approved' ||
    f.system_key === 'rejected' ||
    (f.parent_category_id !== null && incomingTree.has(f.parent_category_id));
  return folders
    .filter((f) => !inIncoming(f) && canMoveFolder(tree, folder.id, f.id))
    .map((f) => ({ id: f.id, label: folderPathNames(tree, f.id).join(' / ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** 'Move folder': choose the folder it goes into, or the top level. Its subfolders and links go with it. */
export function MoveFolderDialog({ onOpenChange, folder, folders }: MoveFolderDialogProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const move = useMutation(categoryMutations.move(client, queryClient));
  const options = useMemo(() => destinations(folder, folders), [folder, folders]);
  const [target, setTarget] = useState(folder.parent_category_id ?? TOP_LEVEL);
  const unchanged = target === (folder.parent_category_id ?? TOP_LEVEL);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (unchanged) return;
    const parentId = target === TOP_LEVEL ? null : target;
    move.mutate(
      { id: folder.id, parentId },
      {
        onSuccess: () => {
          const parentName = parentId ? (folders.find((f) => f.id === parentId)?.name ?? null) : null;
          const message = categoryMovedMessage(folder.name, parentName);
          showSuccessToast(message.title, message.description);
          onOpenChange(false);
        },
        onError: (error) => showErrorToast('category.move', error),
      },
    );
  }

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Move folder"
      description={`Where should "${folder.name}" go? Its subfolders and links move with it.`}
    >
      <form noValidate onSubmit={submit} className="grid gap-5">
        <FormField label="Move into">
          <select
            className={CONTROL_CLASS}
            data-autofocus=""
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            data-testid="move-folder-target"
          >
            <option value={TOP_LEVEL}>Top level (no parent folder)</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={move.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={move.isPending || unchanged}>
            Move
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
