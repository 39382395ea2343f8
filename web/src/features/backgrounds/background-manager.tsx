import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BackgroundScope } from '~shared/data/backgrounds/keys.ts';
import { backgroundMutations } from '~shared/data/backgrounds/mutations.ts';
import { backgroundQueries } from '~shared/data/backgrounds/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { BACKGROUND_MESSAGES } from '~shared/messages.ts';
import { Button } from '~shared/ui/button.tsx';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { useFilePicker } from '../../components/file-picker.tsx';
import { BACKGROUND_TOASTS } from './background-scope.ts';
import { BackgroundTile } from './background-tile.tsx';

/** The dialog's body: upload, the list of backgrounds with Select and delete, the empty state. */
export function BackgroundManager({ userId, scope }: { userId: string; scope: BackgroundScope }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const list = useQuery(backgroundQueries.list(client, userId, scope));
  const upload = useMutation(backgroundMutations.upload(client, queryClient));
  const select = useMutation(backgroundMutations.select(client, queryClient));
  const remove = useMutation(backgroundMutations.delete(client, queryClient));
  const busy = upload.isPending || select.isPending || remove.isPending;

  useEffect(() => {
    if (list.isError) showErrorToast('backgrounds.load', list.error);
  }, [list.isError, list.error]);

  const filePicker = useFilePicker({
    kind: 'background',
    accept: 'image/*',
    label: 'Upload a background image',
    testId: 'background-file',
    onFile: (file) =>
      upload.mutate(
        { file, scope },
        {
          onSuccess: () => showSuccessToast(BACKGROUND_TOASTS.uploaded.title, BACKGROUND_TOASTS.uploaded.description),
          onError: (error) => showErrorToast('background.upload', error),
        },
      ),
  });

  const backgrounds = list.data?.backgrounds ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-border p-3">
        <p className="text-sm text-muted-foreground">Upload an image (up to 5MB).</p>
        <Button size="sm" onClick={filePicker.open} disabled={busy}>
          {upload.isPending ? 'Uploading...' : 'Upload background'}
        </Button>
        {filePicker.input}
      </div>
      {list.isPending ? (
        <p className="py-8 text-center text-sm text-muted-foreground">Loading backgrounds…</p>
      ) : backgrounds.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">{BACKGROUND_MESSAGES.empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Backgrounds">
          {backgrounds.map((background) => (
            <BackgroundTile
              key={background.id}
              background={background}
              current={background.is_default}
              adminDefault={list.data?.fromAdmin ?? false}
              busy={busy}
              onSelect={() =>
                select.mutate(
                  { backgroundId: background.id, scope },
                  {
                    onSuccess: () => showSuccessToast(BACKGROUND_TOASTS.updated.title, BACKGROUND_TOASTS.updated.description),
                    onError: (error) => showErrorToast('background.set', error),
                  },
                )
              }
              onDelete={() =>
                remove.mutate(background, {
                  onSuccess: () => showSuccessToast(BACKGROUND_TOASTS.deleted.title, BACKGROUND_TOASTS.deleted.description),
                  onError: (error) => showErrorToast('background.delete', error),
                })
              }
            />
          ))}
        </ul>
      )}
    </div>
  );
}
