import type { Category } from '~shared/data/categories/api.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import { IncomingList } from '~shared/ui/incoming-list.tsx';
import { Button } from '~shared/ui/button.tsx';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { useIncomingDecisions } from '../../components/incoming/use-incoming-decisions.ts';

interface IncomingSharesProps {
  shares: readonly IncomingShare[] | undefined;
  loading: boolean;
  /** Folders a share can be accepted into. */
  destinations: readonly Category[];
  /**
   * 'Copy to folder' for a pending share (part 2 §4 'Copy link'): keeps a copy of the sender's link
   * without deciding on the share. The only place a link the user does not own has this action.
   */
  onCopy?: (link: LinkCardLink) => void;
}

/** The inbox's pending shares with Accept (into a chosen folder) and Reject (part 2 §4). */
export function IncomingShares({ shares, loading, destinations, onCopy }: IncomingSharesProps) {
  const { onAccept, onReject } = useIncomingDecisions();

  return (
    <section
      aria-labelledby="incoming-shares-title"
      className="grid gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm"
      data-testid="incoming-shares"
    >
      <h2 id="incoming-shares-title" className="text-base font-semibold">
        Waiting for you <span className="text-sm font-normal text-muted-foreground">({shares?.length ?? 0})</span>
      </h2>
      {loading && !shares ? (
        <div className="h-20 animate-pulse rounded-lg bg-muted" aria-busy="true" aria-label="Loading incoming links" />
      ) : (
        <IncomingList
          items={shares ?? []}
          folders={destinations}
          onAccept={onAccept}
          onReject={onReject}
          renderActions={
            onCopy
              ? (item) => {
                  const share = shares?.find((s) => s.shared_link_id === item.shared_link_id);
                  if (!share) return null;
                  const link: LinkCardLink = {
                    id: share.link_id,
                    title: share.title,
                    url: share.url,
                    icon_url: share.icon_url,
                    created_at: share.shared_at,
                    access_count: 0,
                    share_count: 0,
                  };
                  return (
                    <Button size="sm" variant="ghost" onClick={() => onCopy(link)}>
                      Copy to folder
                    </Button>
                  );
                }
              : undefined
          }
        />
      )}
    </section>
  );
}
