import { useId } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { Button } from '~shared/ui/Button.tsx';
import { Dialog } from '~shared/ui/Dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';

/** part 2 §2: a folder's URL is {origin}/category/{id}. */
export const folderUrl = (origin: string, id: string) => `${origin}/category/${id}`;

/** 'Share folder': the folder's URL to copy (only its owner can open it). */
export function ShareFolderDialog({ folder, onClose }: { folder: Category | null; onClose: () => void }) {
  const inputId = useId();
  const url = folder ? folderUrl(window.location.origin, folder.id) : '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showSuccessToast('Folder link copied', url);
    } catch {
      showToastMessage({ title: 'Error', description: 'Could not copy. Select the address and copy it yourself.' });
    }
  }

  return (
    <Dialog
      open={folder !== null}
      onOpenChange={(open) => !open && onClose()}
      title={folder ? `Share Folder: ${folder.name}` : 'Share Folder'}
    >
      <div className="grid gap-3">
        <label htmlFor={inputId} className="text-sm font-medium">
          Folder URL
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
            className={CONTROL_CLASS}
            data-testid="folder-url"
          />
          <Button onClick={copy}>Copy</Button>
        </div>
        <p className="text-xs text-muted-foreground">
          Only you can open this folder; the address is handy for your bookmarks and your other devices.
        </p>
      </div>
    </Dialog>
  );
}
