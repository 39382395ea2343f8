import type { UserBackgroundRow } from '~shared/data/types.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { TrashIcon } from '~shared/ui/icons.tsx';
import { cssBackgroundImage } from './background-scope.ts';

interface BackgroundTileProps {
  background: UserBackgroundRow;
  current: boolean;
  /** An admin's fallback background: badge 'Default', cannot be deleted by the user. */
  adminDefault: boolean;
  busy: boolean;
  onSelect: () => void;
  onDelete: () => void;
}

/** One background in the dialog's grid: the image, its badges, Select and delete. */
export function BackgroundTile({ background, current, adminDefault, busy, onSelect, onDelete }: BackgroundTileProps) {
  return (
    <li
      data-testid="background-tile"
      data-current={current || undefined}
      className={cn('overflow-hidden rounded-lg border border-border bg-muted/40', current && 'ring-2 ring-primary')}
    >
      <div className="relative aspect-video bg-cover bg-center" style={{ backgroundImage: cssBackgroundImage(background.background_url) }}>
        <div className="absolute top-1.5 left-1.5 flex gap-1">
          {current ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground shadow">Current</span>
          ) : null}
          {adminDefault ? (
            <span className="rounded-full bg-black/70 px-2 py-0.5 text-[11px] font-semibold text-white shadow">Default</span>
          ) : null}
        </div>
      </div>
      <div className="flex items-center gap-1.5 p-2">
        {/* An admin default in effect can still be selected: that makes it the user's own choice. */}
        <Button
          size="sm"
          variant={current && !adminDefault ? 'secondary' : 'primary'}
          className="flex-1"
          disabled={busy || (current && !adminDefault)}
          onClick={onSelect}
        >
          Select
        </Button>
        {adminDefault ? null : (
          <Button
            size="icon"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            disabled={busy}
            onClick={onDelete}
            aria-label="Delete background"
            title="Delete background"
          >
            <TrashIcon size={16} />
          </Button>
        )}
      </div>
    </li>
  );
}
