import { INCOMING_CATEGORY_ID, INCOMING_CATEGORY_NAME, OUTGOING_CATEGORY_ID, OUTGOING_SECTION_NAME } from '~shared/constants.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import type { SubsectionPreview } from './grid-model.ts';
import { InboxIcon } from './inbox-icon.tsx';
import { IncomingPreviewCard } from './incoming-preview-card.tsx';
import { LinkCardGrid } from './link-card-grid.tsx';
import type { LinkHandlers } from './link-handlers.ts';
import { OutboxIcon } from './outbox-icon.tsx';
import { SectionHeader } from './section-header.tsx';

interface RecentSubsectionsProps {
  incoming: SubsectionPreview<IncomingShare>;
  /** Received links still waiting (the NEW image), whatever the search. */
  pendingIncoming: number;
  outgoing: SubsectionPreview<LinkListItem>;
  isCollapsed: (id: string) => boolean;
  onToggle: (id: string) => void;
  onOpen: (id: typeof INCOMING_CATEGORY_ID | typeof OUTGOING_CATEGORY_ID) => void;
  columns: number;
  handlers: LinkHandlers;
}

/** 'Recently Received Links (Incoming)' and 'Recently Shared Links (Outgoing)' inside the default folder. */
export function RecentSubsections({ incoming, pendingIncoming, outgoing, isCollapsed, onToggle, onOpen, columns, handlers }: RecentSubsectionsProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div id={INCOMING_CATEGORY_ID} data-testid="incoming-subsection" className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-border/70 bg-background/50 p-3">
        <SectionHeader
          level={4}
          bodyId={`${INCOMING_CATEGORY_ID}-body`}
          icon={<InboxIcon pending={pendingIncoming} />}
          name={INCOMING_CATEGORY_NAME}
          count={incoming.total}
          collapsed={isCollapsed(INCOMING_CATEGORY_ID)}
          onToggle={() => onToggle(INCOMING_CATEGORY_ID)}
          onOpen={() => onOpen(INCOMING_CATEGORY_ID)}
        />
        {isCollapsed(INCOMING_CATEGORY_ID) ? null : (
          <div id={`${INCOMING_CATEGORY_ID}-body`}>
            {incoming.items.length > 0 ? (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                {incoming.items.map((share) => (
                  <IncomingPreviewCard key={share.shared_link_id} share={share} />
                ))}
              </div>
            ) : (
              <p className="px-1 py-2 text-sm text-muted-foreground">No links received yet. Links people share with you arrive here.</p>
            )}
          </div>
        )}
      </div>
      <div id={OUTGOING_CATEGORY_ID} data-testid="outgoing-subsection" className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-border/70 bg-background/50 p-3">
        <SectionHeader
          level={4}
          bodyId={`${OUTGOING_CATEGORY_ID}-body`}
          icon={<OutboxIcon />}
          name={OUTGOING_SECTION_NAME}
          count={outgoing.total}
          collapsed={isCollapsed(OUTGOING_CATEGORY_ID)}
          onToggle={() => onToggle(OUTGOING_CATEGORY_ID)}
          onOpen={() => onOpen(OUTGOING_CATEGORY_ID)}
        />
        {isCollapsed(OUTGOING_CATEGORY_ID) ? null : (
          <div id={`${OUTGOING_CATEGORY_ID}-body`}>
            {outgoing.items.length > 0 ? (
              <LinkCardGrid links={outgoing.items} columns={columns} handlers={handlers} />
            ) : (
              <p className="px-1 py-2 text-sm text-muted-foreground">Links you share appear here.</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
