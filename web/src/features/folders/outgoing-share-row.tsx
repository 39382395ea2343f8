import type { OutgoingShare } from '~shared/data/shares/api.ts';
import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { OUTGOING_STATUS_LABELS, outgoingRecipient, type OutgoingStatus } from '~shared/rules/outgoing-shares.ts';
import { displayHost, safeHref } from '~shared/rules/url.ts';
import { cn } from '~shared/ui/cn.ts';
import { LinkIcon } from '~shared/ui/link-icon.tsx';

const STATUS_TONE: Record<OutgoingStatus, string> = {
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  accepted: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
};

/** One share on the Outgoing page: the link, to whom and how, when, and its status. */
export function OutgoingShareRow({ share }: { share: OutgoingShare }) {
  const recipient = outgoingRecipient(share);
  const title = share.link?.title ?? 'Deleted link';
  const url = share.link?.url ?? '';
  const href = safeHref(url);
  return (
    <li
      className="grid gap-2 rounded-lg border border-border bg-card/95 p-3 text-card-foreground shadow-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_auto] sm:items-center sm:gap-4"
      data-testid="outgoing-share"
      data-status={recipient.status}
    >
      <div className="flex min-w-0 items-center gap-3">
        <LinkIcon iconUrl={share.link?.icon_url ?? null} url={url} title={title} />
        <div className="min-w-0">
          <p className="truncate font-medium" title={title}>
            {title}
          </p>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-primary hover:underline">
              {displayHost(url)}
            </a>
          ) : (
            <span className="block truncate text-xs text-muted-foreground">{url}</span>
          )}
        </div>
      </div>
      <p className="min-w-0 text-sm">
        <span className="text-muted-foreground">To </span>
        <span className="font-medium break-all" data-testid="outgoing-share-recipient">
          {recipient.who}
        </span>
        <span className="block text-xs text-muted-foreground">
          {recipient.how} · <time dateTime={share.shared_at}>{formatDisplayDate(share.shared_at)}</time>
        </span>
      </p>
      <span
        className={cn(
          'justify-self-start rounded-full border px-2.5 py-0.5 text-xs font-semibold sm:justify-self-end',
          STATUS_TONE[recipient.status],
        )}
        data-testid="outgoing-share-status"
      >
        {OUTGOING_STATUS_LABELS[recipient.status]}
      </span>
    </li>
  );
}
