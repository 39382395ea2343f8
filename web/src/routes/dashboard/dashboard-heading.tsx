import { Button } from '~shared/ui/Button.tsx';
import { ImageIcon } from '~shared/ui/icons.tsx';
import { PublicPageButtons } from './public-page-buttons.tsx';

/** The page's title row with the dashboard background button. */
export function DashboardHeading({ onChangeBackground, userId }: { onChangeBackground: () => void; userId: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Save, organise and share your favourite links.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <PublicPageButtons userId={userId} />
        <Button variant="outline" size="sm" onClick={onChangeBackground} className="bg-card/80 backdrop-blur">
          <ImageIcon size={16} />
          Dashboard background
        </Button>
      </div>
    </div>
  );
}
