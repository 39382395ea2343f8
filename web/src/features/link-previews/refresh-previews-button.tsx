import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshPreviews, type RefreshProgress } from '~shared/data/links/preview.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/Button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { showSuccessToast } from '~shared/ui/toast.ts';

/**
 * Issue 18: "Refresh previews" for a folder or the whole collection. The server fetches each
 * link's page (one at a time; it rate-limits per user), the cards update as previews arrive, and
 * the button shows the progress. Leaving the page stops the batch.
 */
export function RefreshPreviewsButton({
  linkIds,
  scope,
  className,
}: {
  linkIds: readonly string[] | undefined;
  scope: 'folder' | 'collection';
  className?: string;
}) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<RefreshProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function run() {
    if (!linkIds?.length || progress) return;
    abort.current = new AbortController();
    const result = await refreshPreviews(client, queryClient, linkIds, setProgress, abort.current.signal);
    setProgress(null);
    if (abort.current.signal.aborted) return;
    const updated = result.done - result.failed;
    showSuccessToast(
      'Previews refreshed',
      `${updated} of ${result.total} ${result.total === 1 ? 'link' : 'links'} updated${scope === 'folder' ? ' in this folder' : ''}.`,
    );
  }

  const label = progress ? `Refreshing previews ${progress.done}/${progress.total}` : 'Refresh previews';
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void run()}
      disabled={!linkIds?.length || Boolean(progress)}
      aria-live="polite"
      data-testid={`refresh-previews-${scope}`}
      className={cn('bg-card/80 backdrop-blur', className)}
    >
      {label}
    </Button>
  );
}
