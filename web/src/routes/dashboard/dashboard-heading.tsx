import { Button } from '~shared/ui/Button.tsx';
import { Link } from 'react-router-dom';
import { ImageIcon } from '~shared/ui/icons.tsx';
import { useRovingToolbar } from '~shared/ui/use-roving-toolbar.ts';
import { RefreshPreviewsButton } from '../../features/link-previews/refresh-previews-button.tsx';
import { PublicPageButtons } from './public-page-buttons.tsx';

/** The page's title row with the dashboard background button. */
export function DashboardHeading({
  onChangeBackground,
  userId,
  linkIds,
}: {
  onChangeBackground: () => void;
  userId: string;
  linkIds?: readonly string[];
}) {
  const toolbar = useRovingToolbar<HTMLDivElement>();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Save, organise and share your favourite links.</p>
      </div>
      {/* One tab stop (arrow keys move), so the add form and the links are a few Tab presses away. */}
      <div role="toolbar" aria-label="Dashboard actions" className="flex flex-wrap items-center gap-2" {...toolbar}>
        <PublicPageButtons userId={userId} />
        <Link
          to="/settings/data"
          className="inline-flex h-8 items-center justify-center rounded-md border border-input bg-card/80 px-3 text-xs font-medium whitespace-nowrap backdrop-blur transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Import &amp; export
        </Link>
        <Button variant="outline" size="sm" onClick={onChangeBackground} className="bg-card/80 backdrop-blur">
          <ImageIcon size={16} />
          Dashboard background
        </Button>
        <RefreshPreviewsButton scope="collection" linkIds={linkIds} />
      </div>
    </div>
  );
}
