import type { Category } from '~shared/data/categories/api.ts';
import { cn } from '~shared/ui/cn.ts';
import { PencilIcon } from '~shared/ui/icons.tsx';
import { CategoryIcon } from '../category-icons/category-icon.tsx';

interface CategoryRowProps {
  category: Category;
  linkCount: number | undefined;
  /** An incoming-type folder while received links wait: pulsing highlight. */
  pulsing: boolean;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  deleting: boolean;
}

const ICON_BUTTON =
  'inline-flex h-8 w-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40';

/** One folder in 'Manage Categories': icon, name, 'Default' tag; edit and × for the user's own folders. */
export function CategoryRow({ category, linkCount, pulsing, onEdit, onDelete, deleting }: CategoryRowProps) {
  return (
    <div
      data-testid="category-row"
      data-category-name={category.name}
      data-pulsing={pulsing || undefined}
      className={cn(
        'flex h-12 items-center gap-3 rounded-lg px-2 transition-colors hover:bg-accent/50',
        pulsing && 'animate-pulse bg-primary/10 ring-1 ring-primary/50',
      )}
    >
      <CategoryIcon iconUrl={category.icon_url} size="md" />
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <span className="truncate text-sm font-medium" title={category.name}>
          {category.name}
        </span>
        {category.is_default ? (
          <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-[11px] font-medium text-secondary-foreground">Default</span>
        ) : null}
      </div>
      {linkCount !== undefined ? (
        <span className="shrink-0 text-xs tabular-nums text-muted-foreground" aria-label={`${linkCount} links`}>
          {linkCount}
        </span>
      ) : null}
      {category.is_default ? null : (
        <div className="flex shrink-0 gap-0.5">
          <button
            type="button"
            className={ICON_BUTTON}
            onClick={() => onEdit(category)}
            aria-label={`Edit ${category.name}`}
            title="Edit category"
          >
            <PencilIcon size={16} />
          </button>
          <button
            type="button"
            className={cn(ICON_BUTTON, 'text-lg leading-none hover:bg-destructive/10 hover:text-destructive')}
            onClick={() => onDelete(category)}
            disabled={deleting}
            aria-label={`Delete ${category.name}`}
            title="Delete category"
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
