import { VIEW_MODES, type ViewMode } from '~shared/constants.ts';
import { cn } from '~shared/ui/cn.ts';

const VIEW_LABELS: Record<ViewMode, string> = { gallery: 'Gallery', compact: 'Compact', list: 'List' };

/** The gallery / compact / list choice (part 2 §4) of the folder and template views. */
export function ViewModeSwitch({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div role="radiogroup" aria-label="View mode" className="inline-flex rounded-md border border-border p-0.5">
      {VIEW_MODES.map((mode) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={value === mode}
          onClick={() => onChange(mode)}
          className={cn(
            'h-8 flex-1 rounded px-3 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === mode ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
          )}
        >
          {VIEW_LABELS[mode]}
        </button>
      ))}
    </div>
  );
}
