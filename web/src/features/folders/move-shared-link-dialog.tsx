import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { moveSharedFolderLink, type SharedFolderContext } from '~shared/data/folder-members/api.ts';
import { folderMemberQueries } from '~shared/data/folder-members/queries.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/button.tsx';
import { CategorySelect } from '~shared/ui/category-select.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { DESTINATION_REQUIRED_MESSAGE } from '~shared/ui/incoming-decision.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { folderPath } from './copy-destinations.ts';

interface MoveSharedLinkDialogProps {
  userId: string;
  shared: SharedFolderContext;
  /** The link to move; null = closed. */
  link: FolderLinkItem | null;
  onClose: () => void;
  onMoved: (destinationId: string) => Promise<unknown>;
}

/**
 * An editor's 'Move to folder' in a shared folder: the destinations are the shared folder and its
 * subfolders (the tree is read when the dialog opens), named by their path as in the owner's own
 * dialog; the folder the link is in stays listed but cannot be chosen.
 */
export function MoveSharedLinkDialog({ userId, shared, link, onClose, onMoved }: MoveSharedLinkDialogProps) {
  const client = useDataClient();
  const selectId = useId();
  const rootId = shared.ancestors[0]?.id ?? shared.folder.id;
  const tree = useQuery({ ...folderMemberQueries.tree(client, userId, rootId), enabled: link !== null });
  const folders = useMemo(() => tree.data ?? [], [tree.data]);
  const current = useMemo(() => new Set([shared.folder.id]), [shared.folder.id]);
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function close() {
    setDestination('');
    setError(undefined);
    onClose();
  }

  async function move() {
    if (!link) return;
    if (!destination) {
      setError(DESTINATION_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await moveSharedFolderLink(client, { linkId: link.id, fromFolderId: shared.folder.id, toFolderId: destination });
      showSuccessToast(`Link moved to ${folderPath(folders, destination)}`, link.title);
      await onMoved(destination);
      close();
    } catch (e) {
      showErrorToast('link.moveToFolder', e);
    } finally {
      setBusy(false);
    }
  }

  const onlyHere = tree.isSuccess && folders.length <= 1;
  return (
    <Dialog open={link !== null} onOpenChange={(open) => !open && close()} title="Move to folder" description={link?.title}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void move();
        }}
      >
        <div className="grid gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            Destination folder
          </label>
          {tree.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Failed to load the folders. Please try again.
            </p>
          ) : (
            <CategorySelect
              id={selectId}
              categories={folders}
              disabledIds={current}
              allowCreate={false}
              placeholder={tree.isPending ? 'Loading folders…' : 'Choose a folder'}
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${selectId}-error` : undefined}
            />
          )}
          {onlyHere ? (
            <p className="text-xs text-muted-foreground">This shared folder has no subfolders yet: create one to move links into it.</p>
          ) : null}
          {error ? (
            <p id={`${selectId}-error`} role="alert" className="text-xs font-medium text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !tree.isSuccess}>
            {busy ? 'Moving...' : 'Move'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
