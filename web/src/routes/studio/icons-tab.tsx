import { ConstructionIcon } from '~shared/ui/icons.tsx';

/** 'Icons & Thumbnails': a placeholder, as the spec says. */
export function IconsTab() {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center text-muted-foreground">
      <ConstructionIcon size={32} />
      <p className="font-medium text-foreground">Icons & Thumbnails</p>
      <p className="max-w-sm text-sm">Coming soon: choose icons and thumbnails for your page.</p>
    </div>
  );
}
