import { formatDisplayDate } from '~shared/rules/date-format.ts';
import { OUTGOING_STATUS_LABELS } from '~shared/rules/outgoing-shares.ts';
import { LinkCard } from '~shared/ui/link-card.tsx';
import type { OutgoingItem } from './grid-model.ts';
import type { LinkHandlers } from './link-handlers.ts';

/** Recipients listed under a card before "and N more". */
const SHOWN_RECIPIENTS = 3;

/** An outgoing link: its card, then who it went to, when and how (newest first), with the count. */
export function OutgoingCard({ item, handlers }: { item: OutgoingItem; handlers: LinkHandlers }) {
  const { link, recipients } = item;
  const hidden = recipients.length - SHOWN_RECIPIENTS;
  return (
    <div className="grid min-w-0 content-start gap-1.5" data-testid="outgoing-item" data-link-id={link.id}>
      <LinkCard
        link={link}
        editing={handlers.editingId === link.id}
        onOpen={handlers.onOpen}
        onShare={handlers.onShare}
        shareOff={handlers.shareOff}
        onEdit={handlers.onEdit}
        onDelete={handlers.onDelete}
      />
      <div className="rounded-md border border-border/70 bg-background/60 px-2.5 py-1.5 text-xs">
        <p className="font-medium text-foreground" data-testid="outgoing-recipient-count">
          Shared with {recipients.length} {recipients.length === 1 ? 'recipient' : 'recipients'}
        </p>
        <ul className="mt-0.5 grid gap-0.5 text-muted-foreground" aria-label={`Recipients of ${link.title}`}>
          {recipients.slice(0, SHOWN_RECIPIENTS).map((recipient) => (
            <li key={recipient.shareId} className="flex min-w-0 gap-1" data-testid="outgoing-recipient">
              <span className="truncate font-medium text-foreground/90" title={recipient.who}>
                {recipient.who}
              </span>
              <span className="shrink-0">
                · {recipient.how} · {formatDisplayDate(recipient.sharedAt)} · {OUTGOING_STATUS_LABELS[recipient.status]}
              </span>
            </li>
          ))}
          {hidden > 0 ? <li>and {hidden} more</li> : null}
        </ul>
      </div>
    </div>
  );
}
