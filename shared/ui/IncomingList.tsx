import { useState, type ReactNode } from 'react';
import { formatDisplayDate } from '../rules/date-format.ts';
import { displayHost, safeHref } from '../rules/url.ts';
import { Button } from './Button.tsx';
import { CategorySelect, type CategoryOption } from './CategorySelect.tsx';
import { LinkIcon } from './LinkIcon.tsx';

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

export const DESTINATION_REQUIRED_MESSAGE = 'Please choose a destination folder';

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
  // The user's choice, else the default folder once the folders are known.
  const [chosen, setDestination] = useState<string | null>(null);
  const fallback = defaultFolderId && folders.some((folder) => folder.id === defaultFolderId) ? defaultFolderId : '';
  const destination = chosen ?? fallback;
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const href = safeHref(item.url);
  const selectId = `incoming-${item.shared_link_id}-folder`;

  async function run(kind: 'accept' | 'reject') {
    if (kind === 'accept' && !destination) {
      setError(DESTINATION_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    setBusy(kind);
    try {
      await (kind === 'accept' ? onAccept(item, destination) : onReject(item));
    } catch {
      // The caller shows the toast; the row stays so the user can retry.
    } finally {
      setBusy(null);
    }
  }

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
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Destination folder for {item.title}
          </label>
          <CategorySelect
            id={selectId}
            categories={folders}
            allowCreate={false}
            placeholder="Choose a folder"
            value={destination}
            onChange={(event) => setDestination(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            className="h-9 min-w-40 flex-1 sm:w-48"
          />
          <Button size="sm" onClick={() => run('accept')} disabled={busy !== null}>
            {busy === 'accept' ? 'Accepting...' : 'Accept'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => run('reject')} disabled={busy !== null}>
            {busy === 'reject' ? 'Rejecting...' : 'Reject'}
          </Button>
          {renderActions?.(item)}
        </div>
        {error ? (
          <p id={`${selectId}-error`} role="alert" className="text-xs font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
