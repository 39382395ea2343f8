import type { Category } from '~shared/data/categories/api.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { safeHref } from '~shared/rules/url.ts';
import { IncomingDecision } from '~shared/ui/incoming-decision.tsx';
import { LinkIcon } from '~shared/ui/link-icon.tsx';
import { useIncomingDecisions } from '../../components/incoming/use-incoming-decisions.ts';

interface IncomingPreviewCardProps {
  share: IncomingShare;
  /** Folders the link can be accepted into. */
  folders: readonly Category[];
  /** 'Recently Saved Links', preselected. */
  defaultFolderId?: string;
}

/**
 * A received link in the Incoming preview: who sent it, when, the link (opens in a new tab), and
 * Accept (into the chosen folder) or Reject, as in the inbox.
 */
export function IncomingPreviewCard({ share, folders, defaultFolderId }: IncomingPreviewCardProps) {
  const href = safeHref(share.url);
  const { onAccept, onReject } = useIncomingDecisions();
  return (
    <article
      aria-label={share.title}
      data-testid="incoming-preview-card"
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <LinkIcon iconUrl={share.icon_url} url={share.url} title={share.title} />
        <div className="min-w-0 flex-1">
          <h4 className="truncate text-sm font-semibold" title={share.title}>
            {share.title}
          </h4>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-primary hover:underline">
              {share.url}
            </a>
          ) : (
            <span className="block truncate text-xs text-muted-foreground">{share.url}</span>
          )}
        </div>
      </div>
      <p className="truncate text-xs text-muted-foreground">
        From {share.sender_name} · {formatDisplayDate(share.shared_at)}
      </p>
      <IncomingDecision item={share} folders={folders} defaultFolderId={defaultFolderId} onAccept={onAccept} onReject={onReject} />
    </article>
  );
}
