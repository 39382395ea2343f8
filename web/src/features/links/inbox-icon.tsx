import newGraffitiUrl from '../../assets/new-graffiti.svg';

/** The Incoming sub-section's icon: an inbox, or the NEW graffiti while received links wait. */
export function InboxIcon({ pending }: { pending: number }) {
  if (pending > 0) {
    return <img src={newGraffitiUrl} alt="NEW" data-testid="incoming-new-badge" className="h-8 w-auto shrink-0 -rotate-3 drop-shadow" />;
  }
  return (
    <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-sky-500/15 text-sky-500">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M22 12h-6l-2 3h-4l-2-3H2" />
        <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
      </svg>
    </span>
  );
}
