import { useState } from 'react';
import { Button } from '~shared/ui/button.tsx';
import { CloudOffIcon, RefreshIcon } from '~shared/ui/icons.tsx';
import { tellWorker } from '../worker.ts';

/** "N saves waiting": the offline queue's size, with a manual retry. */
export function QueueNotice({ count }: { count: number }) {
  const [retrying, setRetrying] = useState(false);
  if (count <= 0) return null;
  async function retry() {
    setRetrying(true);
    try {
      await tellWorker({ type: 'queue:flush' });
    } finally {
      setRetrying(false);
    }
  }
  return (
    <div
      role="status"
      data-testid="queue-notice"
      className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <CloudOffIcon size={16} className="shrink-0 text-warning" />
      <p className="flex-1">
        <span className="font-semibold" data-testid="queue-count">
          {count}
        </span>{' '}
        {count === 1 ? 'save' : 'saves'} waiting to be sent
      </p>
      <Button variant="ghost" size="sm" onClick={() => void retry()} disabled={retrying} aria-label="Retry now">
        <RefreshIcon size={14} className={retrying ? 'animate-spin' : undefined} />
        Retry
      </Button>
    </div>
  );
}
