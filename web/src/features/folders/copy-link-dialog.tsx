import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { categoryKeys } from '~shared/data/categories/keys.ts';
import { linkMutations } from '~shared/data/links/mutations.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { FOLDER_MESSAGES } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';
import { CategorySelect } from '~shared/ui/category-select.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { DESTINATION_REQUIRED_MESSAGE } from '~shared/ui/incoming-decision.tsx';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { folderPath } from './copy-destinations.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';

const OUTCOME_TOASTS = { inserted: 'Link copied', moved: 'Link moved', replaced: 'Link replaced' } as const;

/** 'move': the user's own link (it lives in one folder, so it moves); 'copy': a link someone shared. */
export type CopyLinkMode = 'move' | 'copy';

export const COPY_LINK_TITLES: Record<CopyLinkMode, string> = { move: 'Move to folder', copy: 'Copy to folder' };

interface CopyLinkDialogProps {
  link: LinkCardLink | null;
  destinations: readonly Category[];
  mode: CopyLinkMode;
  onClose: () => void;
}

/**
 * 'Copy link' (part 2 §4): a destination is required; the same URL already there asks 'Replace
 * existing link?', the same URL elsewhere is moved, otherwise the link is copied. The user's own
 * link always has its URL somewhere (itself), so for it the action is named 'Move to folder'; the
 * toast names the outcome and the folder's path.
 */
export function CopyLinkDialog({ link, destinations, mode, onClose }: CopyLinkDialogProps) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const copy = useMutation(linkMutations.copy(client, queryClient));
  const selectId = useId();
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [askReplace, setAskReplace] = useState(false);

  function close() {
    setDestination('');
    setError(undefined);
    setAskReplace(false);
    onClose();
  }

  async function run(replaceExisting: boolean) {
    if (!link) return;
    if (!destination) {
      setError(DESTINATION_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    try {
      const result = await copy.mutateAsync({ sourceLinkId: link.id, destinationCategoryId: destination, replaceExisting });
      if (result.outcome === 'exists') {
        setAskReplace(true);
        return;
      }
      showSuccessToast(`${OUTCOME_TOASTS[result.outcome]} to ${folderPath(destinations, destination)}`);
      // Subfolder counts in the header come from get_folder.
      void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
      close();
    } catch (e) {
      showErrorToast(replaceExisting ? 'link.replace' : mode === 'move' ? 'link.moveToFolder' : 'link.copy', e);
    }
  }

  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => !open && close()}
      title={COPY_LINK_TITLES[mode]}
      description={link ? link.title : undefined}
    >
      {askReplace ? (
        <div className="grid gap-4" data-testid="replace-existing">
          <p className="text-sm">{FOLDER_MESSAGES.replaceExistingPrompt}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={copy.isPending}>
              No
            </Button>
            <Button onClick={() => run(true)} disabled={copy.isPending}>
              Yes, replace
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void run(false);
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              Destination folder
            </label>
            <CategorySelect
              id={selectId}
              categories={destinations}
              allowCreate={false}
              placeholder="Choose a folder"
              value={destination}
              onChange={(event) => setDestination(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${selectId}-error` : undefined}
            />
            {error ? (
              <p id={`${selectId}-error`} role="alert" className="text-xs font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={copy.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={copy.isPending}>
              {mode === 'move' ? (copy.isPending ? 'Moving...' : 'Move') : copy.isPending ? 'Copying...' : 'Copy'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
