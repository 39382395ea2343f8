import type { ReactNode } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { INCOMING_CATEGORY_ID, INCOMING_CATEGORY_NAME, OUTGOING_CATEGORY_ID, OUTGOING_SECTION_NAME } from '~shared/constants.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import type { OutgoingItem, SubsectionPreview } from './grid-model.ts';
import { IncomingPreviewCard } from './incoming-preview-card.tsx';
import { OutgoingCard } from './outgoing-card.tsx';
import type { LinkHandlers } from './link-handlers.ts';
import { SectionHeader } from './section-header.tsx';
import { IncomingIcon, OutgoingIcon } from './subsection-icons.tsx';

interface RecentSubsectionsProps {
  incoming: SubsectionPreview<IncomingShare>;
  /** Received links still waiting (the NEW image), whatever the search. */
  pendingIncoming: number;
  outgoing: SubsectionPreview<OutgoingItem>;
  isCollapsed: (id: string) => boolean;
  onToggle: (id: string) => void;
  onOpen: (id: SubsectionId) => void;
  handlers: LinkHandlers;
  /** Folders an incoming link can be accepted into, and the preselected one. */
  acceptFolders: readonly Category[];
  defaultFolderId?: string;
}

type SubsectionId = typeof INCOMING_CATEGORY_ID | typeof OUTGOING_CATEGORY_ID;

interface SubsectionProps {
  id: SubsectionId;
  testId: string;
  icon: ReactNode;
  name: string;
  total: number;
  collapsed: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** Shown instead of the body when there is nothing to preview. */
  emptyText: string;
  /** The previews, or null when there are none. */
  children: ReactNode | null;
}

/** One collapsible sub-section: header, then its previews (or a line saying there are none). */
function Subsection({ id, testId, icon, name, total, collapsed, onToggle, onOpen, emptyText, children }: SubsectionProps) {
  const bodyId = `${id}-body`;
  return (
    <div id={id} data-testid={testId} className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-border/70 bg-background/50 p-3">
      <SectionHeader
        level={4}
        bodyId={bodyId}
        icon={icon}
        name={name}
        count={total}
        collapsed={collapsed}
        onToggle={onToggle}
        onOpen={onOpen}
      />
      {collapsed ? null : <div id={bodyId}>{children ?? <p className="px-1 py-2 text-sm text-muted-foreground">{emptyText}</p>}</div>}
    </div>
  );
}

/** 'Recently Received Links (Incoming)' and 'Recently Shared Links (Outgoing)' inside the default folder. */
export function RecentSubsections({
  incoming,
  pendingIncoming,
  outgoing,
  isCollapsed,
  onToggle,
  onOpen,
  handlers,
  acceptFolders,
  defaultFolderId,
}: RecentSubsectionsProps) {
  const sectionProps = (id: SubsectionId) => ({ id, collapsed: isCollapsed(id), onToggle: () => onToggle(id), onOpen: () => onOpen(id) });
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <Subsection
        {...sectionProps(INCOMING_CATEGORY_ID)}
        testId="incoming-subsection"
        icon={<IncomingIcon pending={pendingIncoming} />}
        name={INCOMING_CATEGORY_NAME}
        total={incoming.total}
        emptyText="No links received yet. Links people share with you arrive here."
      >
        {incoming.items.length > 0 ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {incoming.items.map((share) => (
              <IncomingPreviewCard key={share.shared_link_id} share={share} folders={acceptFolders} defaultFolderId={defaultFolderId} />
            ))}
          </div>
        ) : null}
      </Subsection>
      <Subsection
        {...sectionProps(OUTGOING_CATEGORY_ID)}
        testId="outgoing-subsection"
        icon={<OutgoingIcon />}
        name={OUTGOING_SECTION_NAME}
        total={outgoing.total}
        emptyText="Links you share appear here."
      >
        {outgoing.items.length > 0 ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {outgoing.items.map((item) => (
              <OutgoingCard key={item.link.id} item={item} handlers={handlers} />
            ))}
          </div>
        ) : null}
      </Subsection>
    </div>
  );
}
