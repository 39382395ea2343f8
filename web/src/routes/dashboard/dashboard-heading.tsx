import { Button } from '~shared/ui/Button.tsx';

/** The page's title row with the dashboard background button. */
export function DashboardHeading({ onChangeBackground }: { onChangeBackground: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Save, organise and share your favourite links.</p>
      </div>
      <Button variant="outline" size="sm" onClick={onChangeBackground} className="bg-card/80 backdrop-blur">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="3" width="18" height="18" rx="2" />
          <circle cx="9" cy="9" r="2" />
          <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
        </svg>
        Dashboard background
      </Button>
    </div>
  );
}
