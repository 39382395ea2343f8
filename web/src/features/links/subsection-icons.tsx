import type { ReactNode } from 'react';
import { cn } from '~shared/ui/cn.ts';
import { InboxIcon, SendIcon } from '~shared/ui/icons.tsx';
import newGraffitiUrl from '../../assets/new-graffiti.svg';

/** A sub-section's glyph on a tinted rounded square. */
function IconTile({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span aria-hidden="true" className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', tone)}>
      {children}
    </span>
  );
}

/** The Incoming sub-section's icon: an inbox, or the NEW graffiti while received links wait. */
export function IncomingIcon({ pending }: { pending: number }) {
  if (pending > 0) {
    return <img src={newGraffitiUrl} alt="NEW" data-testid="incoming-new-badge" className="h-8 w-auto shrink-0 -rotate-3 drop-shadow" />;
  }
  return (
    <IconTile tone="bg-sky-500/15 text-sky-500">
      <InboxIcon className="h-5 w-5" />
    </IconTile>
  );
}

/** The Outgoing sub-section's icon: a paper plane. */
export function OutgoingIcon() {
  return (
    <IconTile tone="bg-emerald-500/15 text-emerald-500">
      <SendIcon className="h-5 w-5" />
    </IconTile>
  );
}
