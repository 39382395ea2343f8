import { Button } from '~shared/ui/Button.tsx';
import { ImageIcon } from '~shared/ui/icons.tsx';

/** The page's title row with the dashboard background button. */
export function DashboardHeading({ onChangeBackground }: { onChangeBackground: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Save, organise and share your favourite links.</p>
      </div>
      <Button variant="outline" size="sm" onClick={onChangeBackground} className="bg-card/80 backdrop-blur">
        <ImageIcon size={16} />
        Dashboard background
      </Button>
    </div>
  );
}
