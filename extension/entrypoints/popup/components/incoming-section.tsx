import { useEffect, useState } from 'react';
import { DEFAULT_CATEGORY_NAME, INCOMING_REFRESH_MS } from '~shared/constants.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import type { CategoryOption } from '~shared/ui/category-select.tsx';
import { IncomingList, type IncomingItem } from '~shared/ui/incoming-list.tsx';
import { showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { InboxIcon } from '~shared/ui/icons.tsx';
import { loadData } from '../load-data.ts';
import { tellWorker } from '../worker.ts';

/** Part 2 §8 success toasts. */
const ACCEPTED_TOAST = 'Link accepted and added to your collection!';
const REJECTED_TOAST = 'Link rejected';

/**
 * Pending incoming shares with Accept (into a chosen folder) and Reject, through the shared
 * IncomingList. Refreshes every 30 s while open; the badge follows each decision.
 */
export function IncomingSection({ folders }: { folders: readonly CategoryOption[] }) {
  const [items, setItems] = useState<IncomingShare[] | null>(null);

  useEffect(() => {
    const load = () =>
      void loadData()
        .then((data) => data.fetchIncoming())
        .then(setItems, (error: unknown) => {
          // Part 1 §8: errors from the incoming query are only logged.
          console.warn('incoming shares', error);
          setItems((current) => current ?? []);
        });
    load();
    const timer = setInterval(load, INCOMING_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  async function decide(item: IncomingItem, decision: { accept: string } | 'reject') {
    const data = await loadData();
    try {
      if (decision === 'reject') await data.rejectShare(item.shared_link_id);
      else await data.acceptShare(item.shared_link_id, decision.accept);
    } catch (error) {
      showToastMessage(data.errorToast(decision === 'reject' ? 'incoming.reject' : 'incoming.accept', error));
      throw error;
    }
    showSuccessToast(decision === 'reject' ? REJECTED_TOAST : ACCEPTED_TOAST);
    setItems((current) => (current ?? []).filter((share) => share.shared_link_id !== item.shared_link_id));
    void tellWorker({ type: 'badge:refresh' });
  }

  const count = items?.length ?? 0;
  return (
    <section aria-labelledby="incoming-heading" className="grid gap-3" data-testid="incoming">
      <div className="flex items-center gap-2">
        <InboxIcon size={16} className="text-muted-foreground" />
        <h2 id="incoming-heading" className="text-sm font-semibold">
          Incoming links
        </h2>
        {count > 0 ? (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" data-testid="incoming-count">
            {count}
          </span>
        ) : null}
      </div>
      {items === null ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading incoming links">
          <div className="h-16 animate-pulse rounded-lg bg-muted" />
        </div>
      ) : (
        <IncomingList
          items={items}
          folders={folders}
          defaultFolderId={folders.find((folder) => folder.name === DEFAULT_CATEGORY_NAME)?.id}
          onAccept={(item, destination) => decide(item, { accept: destination })}
          onReject={(item) => decide(item, 'reject')}
        />
      )}
    </section>
  );
}
