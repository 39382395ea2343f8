import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryMutations } from '~shared/data/categories/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { subfolderSchema } from '~shared/schemas/subfolder.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { initialIconChoice, type IconChoice } from '../../components/category-icons/icon-choice.ts';
import { IconPicker } from '../../components/category-icons/icon-picker.tsx';

export const CATEGORY_RENAMED = 'Category renamed successfully!';

/** Rename a folder: the subfolder name rule (trimmed, required), 'Category renamed successfully!'. */
export function RenameFolderDialog({ folder, onClose }: { folder: Category | null; onClose: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const update = useMutation(categoryMutations.update(client, queryClient));
  const inputId = useId();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = name ?? folder?.name ?? '';

  function close() {
    setName(null);
    setError(undefined);
    onClose();
  }

  async function submit() {
    if (!folder) return;
    const parsed = subfolderSchema.safeParse({ name: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await update.mutateAsync({ id: folder.id, name: parsed.data.name });
      showSuccessToast(CATEGORY_RENAMED);
      close();
    } catch (e) {
      showErrorToast('category.rename', e);
    }
  }

  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && close()} title="Rename folder">
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            Folder name
          </label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            data-autofocus=""
            value={value}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            className={CONTROL_CLASS}
          />
          {error ? (
            <p role="alert" className="text-xs font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Change a folder's icon (gallery, upload, remove), saved at once; 'Failed to update category icon…' on error. */
export function FolderIconDialog({ folder, onClose }: { folder: Category | null; onClose: () => void }) {
  return (
    <Dialog open={folder !== null} onOpenChange={(open) => !open && onClose()} title="Change icon" className="sm:max-w-xl">
      {folder ? <FolderIconForm key={folder.id} folder={folder} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FolderIconForm({ folder, onClose }: { folder: Category; onClose: () => void }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const update = useMutation(categoryMutations.update(client, queryClient));
  const upload = useMutation(categoryMutations.uploadIcon(client));
  const [icon, setIcon] = useState<IconChoice>(() => initialIconChoice(folder.icon_url));
  const busy = update.isPending || upload.isPending;

  async function save() {
    try {
      const iconUrl = icon.file ? await upload.mutateAsync(icon.file) : icon.removed ? null : icon.iconUrl;
      await update.mutateAsync({ id: folder.id, iconUrl });
      showSuccessToast('Icon updated');
      onClose();
    } catch (e) {
      showErrorToast('category.updateIcon', e);
    }
  }

  return (
    <div className="grid gap-5">
      <IconPicker value={icon} onChange={setIcon} disabled={busy} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={save} disabled={busy}>
          Save icon
        </Button>
      </div>
    </div>
  );
}
