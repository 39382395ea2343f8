import type { Category } from '~shared/data/categories/api.ts';
import { cn } from '~shared/ui/cn.ts';
import { ChevronDownIcon, FolderIcon, PencilIcon } from '~shared/ui/icons.tsx';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';

interface CategoryRowProps {
  category: Category;
  linkCount: number | undefined;
  /** Depth in the tree (0 = top level). */
  depth?: number;
  /** Subfolders below it, and links in it and all of them; null when it has no subfolders. */
  tree?: { subfolders: number; linksWithSubfolders: number | undefined } | null;
  /** Open (its subfolders shown below it); undefined when it has no subfolders. */
  expanded?: boolean;
  onToggle?: (category: Category) => void;
  onMove?: (category: Category) => void;
  /** An incoming-type folder while received links wait: pulsing highlight. */
  pulsing: boolean;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  deleting: boolean;
}

const ICON_BUTTON =
  'inline-flex h-8 w-7 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40';

/** Indentation per level, capped so a deep imported tree keeps its names readable at 390 px. */
const INDENT_PX = 12;
const MAX_INDENT_LEVELS = 6;
/** The expand button's width and the row's gap (gap-2), for where the subline starts. */
const TOGGLE_PX = 28;
const GAP_PX = 8;

/**
 * One folder in 'Manage Categories': expand/collapse when it has subfolders, icon, name, 'Default'
 * tag, its own link count (and, under the name, the count with its subfolders); move, edit and ×
 * for the user's own folders.
 */
export function CategoryRow(props: CategoryRowProps) {
  const { category, linkCount, depth = 0, tree, expanded, onToggle, onMove, pulsing, onEdit, onDelete, deleting } = props;
  const subline = tree
    ? `${tree.subfolders} ${tree.subfolders === 1 ? 'subfolder' : 'subfolders'}${
        tree.linksWithSubfolders !== undefined ? ` · ${tree.linksWithSubfolders.toLocaleString('en-US')} links in all` : ''
      }`
    : null;
  const padLeft = depth ? Math.min(depth, MAX_INDENT_LEVELS) * INDENT_PX + 4 : 8;
  // The subline runs from under the name to the row's end (under the buttons too), so it is not cut at 390 px.
  const sublineLeft = padLeft + TOGGLE_PX + GAP_PX + (depth ? 24 : 32) + GAP_PX;
  return (
    <div
      data-testid="category-row"
      data-category-name={category.name}
      data-depth={depth}
      data-pulsing={pulsing || undefined}
      className={cn(
        'relative flex h-12 items-center gap-2 rounded-lg px-2 transition-colors hover:bg-accent/50',
        subline && 'pb-3.5',
        pulsing && 'animate-pulse bg-primary/10 ring-1 ring-primary/50',
      )}
      style={{ paddingLeft: padLeft }}
    >
      {expanded !== undefined && onToggle ? (
        <button
          type="button"
          className={cn(ICON_BUTTON, 'h-7 w-7 shrink-0')}
          onClick={() => onToggle(category)}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${category.name}`}
          title={expanded ? 'Hide subfolders' : 'Show subfolders'}
        >
          <ChevronDownIcon size={16} className={cn('transition-transform', !expanded && '-rotate-90')} />
        </button>
      ) : (
        <span aria-hidden="true" className="h-7 w-7 shrink-0" />
      )}
      <CategoryIcon iconUrl={category.icon_url} size={depth ? 'sm' : 'md'} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium" title={category.name}>
            {category.name}
          </span>
          {category.is_default ? (
            <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-[11px] font-medium text-secondary-foreground">
              Default
            </span>
          ) : null}
        </div>
        {subline ? (
          <span
            className="absolute right-2 bottom-1 truncate text-[11px] leading-4 text-muted-foreground"
            style={{ left: sublineLeft }}
            data-testid="category-subtree"
            title={subline}
          >
            {subline}
          </span>
        ) : null}
      </div>
      {linkCount !== undefined ? (
        <span
          className="shrink-0 text-xs tabular-nums text-muted-foreground"
          aria-label={tree ? `${linkCount} links in this folder itself` : `${linkCount} links`}
          title={tree ? 'Links in this folder itself (not its subfolders)' : undefined}
          data-testid="category-count"
        >
          {linkCount}
        </span>
      ) : null}
      {category.is_default ? null : (
        <div className="flex shrink-0 gap-0.5">
          {onMove ? (
            <button
              type="button"
              className={ICON_BUTTON}
              onClick={() => onMove(category)}
              aria-label={`Move ${category.name}`}
              title="Move folder"
            >
              <FolderIcon size={16} />
            </button>
          ) : null}
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
