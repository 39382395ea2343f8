import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { refreshPreviews, type RefreshProgress } from '~shared/data/links/preview.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { refreshSummary } from '~shared/rules/refresh-summary.ts';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';

/** The state of one "Refresh previews" run: the button and the phone menu's item share it. */
interface RefreshPreviews {
  run: () => void;
  label: string;
  disabled: boolean;
  scope: 'folder' | 'collection';
}

/**
 * "Refresh previews" for a folder or the whole collection (docs/link-previews.md). The server fetches each
 * link's page (one at a time; it rate-limits per user), the cards update as previews arrive, and
 * the label shows the progress. Unmounting the owner (leaving the page) stops the batch; so the
 * state lives in the page, not in a menu item that unmounts when its menu closes.
 */
export function useRefreshPreviews(linkIds: readonly string[] | undefined, scope: 'folder' | 'collection'): RefreshPreviews {
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
    const unreachable = result.unreachable ?? 0;
    const empty = result.empty ?? 0;
    const summary = refreshSummary(
      {
        total: result.total,
        updated: result.done - result.failed - empty,
        empty,
        unreachable,
        failed: result.failed - unreachable,
      },
      scope,
    );
    if (summary.nothingUpdated) showToastMessage({ title: summary.title, description: summary.description });
    else showSuccessToast(summary.title, summary.description);
  }

  return {
    run: () => void run(),
    label: progress ? `Refreshing previews ${progress.done}/${progress.total}` : 'Refresh previews',
    disabled: !linkIds?.length || Boolean(progress),
    scope,
  };
}

/** The "Refresh previews" button of a run (useRefreshPreviews). */
export function RefreshPreviewsButton({ refresh, className }: { refresh: RefreshPreviews; className?: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={refresh.run}
      disabled={refresh.disabled}
      aria-live="polite"
      data-testid={`refresh-previews-${refresh.scope}`}
      className={cn('bg-card/80 backdrop-blur', className)}
    >
      {refresh.label}
    </Button>
  );
}
