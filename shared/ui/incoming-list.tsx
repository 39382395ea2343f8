import type { ReactNode } from 'react';
import { formatDisplayDate } from '../rules/date-format.ts';
import { displayHost, safeHref } from '../rules/url.ts';
import type { CategoryOption } from './category-select.tsx';
import { IncomingDecision } from './incoming-decision.tsx';
import { LinkIcon } from './link-icon.tsx';

export interface IncomingItem {
  shared_link_id: string;
  title: string;
  url: string;
  icon_url: string | null;
  message: string | null;
  shared_at: string;
  sender_name: string;
  sender_email: string | null;
}

export { DESTINATION_REQUIRED_MESSAGE } from './incoming-decision.tsx';

export interface IncomingListProps {
  items: readonly IncomingItem[];
  /** Folders a link can be accepted into. */
  folders: readonly CategoryOption[];
  onAccept: (item: IncomingItem, destinationCategoryId: string) => Promise<void> | void;
  onReject: (item: IncomingItem) => Promise<void> | void;
  emptyText?: string;
  /** Preselected destination (usually 'Recently Saved Links'): Accept works without choosing first. */
  defaultFolderId?: string;
  /** More controls after Reject (the folder view's 'Copy to folder'). */
  renderActions?: (item: IncomingItem) => ReactNode;
}

/** Received links with 'Accept' into a chosen folder or 'Reject' (part 2 §2, §4). */
export function IncomingList({
  items,
  folders,
  onAccept,
  onReject,
  emptyText = 'No incoming links.',
  defaultFolderId,
  renderActions,
}: IncomingListProps) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="grid gap-3" aria-label="Incoming links">
      {items.map((item) => (
        <IncomingRow
          key={item.shared_link_id}
          item={item}
          folders={folders}
          onAccept={onAccept}
          onReject={onReject}
          defaultFolderId={defaultFolderId}
          renderActions={renderActions}
        />
      ))}
    </ul>
  );
}

function IncomingRow({
  item,
  folders,
  onAccept,
  onReject,
  defaultFolderId,
  renderActions,
}: { item: IncomingItem } & Pick<IncomingListProps, 'folders' | 'onAccept' | 'onReject' | 'defaultFolderId' | 'renderActions'>) {
  const href = safeHref(item.url);
  return (
    <li className="grid gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground shadow-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="flex min-w-0 items-start gap-3">
        <LinkIcon iconUrl={item.icon_url} url={item.url} title={item.title} />
        <div className="min-w-0">
          <p className="truncate font-medium">{item.title}</p>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-primary hover:underline">
              {displayHost(item.url)}
            </a>
          ) : (
            <span className="block truncate text-xs text-muted-foreground">{item.url}</span>
          )}
          <p className="mt-1 text-xs text-muted-foreground">
            From {item.sender_name}
            {item.sender_email ? ` (${item.sender_email})` : ''} · {formatDisplayDate(item.shared_at)}
          </p>
          {item.message ? <p className="mt-1 text-sm italic text-foreground/80">“{item.message}”</p> : null}
        </div>
      </div>
      <IncomingDecision
        item={item}
        folders={folders}
        onAccept={onAccept}
        onReject={onReject}
        defaultFolderId={defaultFolderId}
        renderActions={renderActions}
      />
    </li>
  );
}
