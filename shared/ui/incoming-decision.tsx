import { useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { CategorySelect, type CategoryOption } from './category-select.tsx';
import { cn } from './cn.ts';

export const DESTINATION_REQUIRED_MESSAGE = 'Please choose a destination folder';

/** The part of a received share the decision needs. */
export interface DecidableShare {
  shared_link_id: string;
  title: string;
}

export interface IncomingDecisionProps<T extends DecidableShare> {
  item: T;
  /** Folders a link can be accepted into. */
  folders: readonly CategoryOption[];
  onAccept: (item: T, destinationCategoryId: string) => Promise<void> | void;
  onReject: (item: T) => Promise<void> | void;
  /** Preselected destination (usually 'Recently Saved Links'): Accept works without choosing first. */
  defaultFolderId?: string;
  /** More controls after Reject (the folder view's 'Copy to folder'). */
  renderActions?: (item: T) => ReactNode;
  className?: string;
}

/**
 * A received share's decision (part 2 §4): a destination folder, 'Accept' into it and 'Reject'.
 * The inbox's rows, the popup and the dashboard's Incoming previews use it. A failed decision
 * leaves the controls as they were (the caller shows the toast) so the user can retry.
 */
export function IncomingDecision<T extends DecidableShare>({
  item,
  folders,
  onAccept,
  onReject,
  defaultFolderId,
  renderActions,
  className,
}: IncomingDecisionProps<T>) {
  // The user's choice, else the default folder once the folders are known.
  const [chosen, setDestination] = useState<string | null>(null);
  const fallback = defaultFolderId && folders.some((folder) => folder.id === defaultFolderId) ? defaultFolderId : '';
  const destination = chosen ?? fallback;
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
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
    <div className={cn('grid gap-1', className)}>
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
  );
}
