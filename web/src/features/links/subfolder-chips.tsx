import type { Category } from '~shared/data/categories/api.ts';
import { FolderIcon } from '~shared/ui/icons.tsx';

/** A subfolder shown in its parent's dashboard section, with the links in it and below it. */
export interface SubfolderChip {
  category: Category;
  /** Links in the subfolder and all of its own subfolders. */
  count: number;
  /** Subfolders below it. */
  subfolders: number;
}

/** Chips shown before "+N more" (the folder's page lists them all). */
const SHOWN = 12;

const CHIP =
  'inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-background/80 px-3 py-1 text-xs font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A folder's subfolders on the dashboard: one chip each (name and the links in it, subfolders
 * included), opening that folder's page. Imported bookmarks mostly live in subfolders, which the
 * sections alone (top-level folders) would never show.
 */
export function SubfolderChips({
  parent,
  items,
  onOpen,
}: {
  parent: Category;
  items: readonly SubfolderChip[];
  onOpen: (category: Category) => void;
}) {
  if (!items.length) return null;
  const hidden = items.length - SHOWN;
  return (
    <nav aria-label={`Subfolders of ${parent.name}`} data-testid="subfolder-chips" className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-muted-foreground">Subfolders:</span>
      {items.slice(0, SHOWN).map(({ category, count, subfolders }) => {
        const countText = `${count.toLocaleString('en-US')} ${count === 1 ? 'link' : 'links'}${subfolders ? ' with its subfolders' : ''}`;
        return (
          <button
            key={category.id}
            type="button"
            className={CHIP}
            onClick={() => onOpen(category)}
            title={`${category.name}: ${countText}`}
            aria-label={`Open ${category.name}, ${countText}`}
            data-testid="subfolder-chip"
          >
            <FolderIcon size={14} className="shrink-0 text-muted-foreground" />
            <span className="truncate">{category.name}</span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {count.toLocaleString('en-US')}
              {subfolders ? ' in all' : ''}
            </span>
          </button>
        );
      })}
      {hidden > 0 ? (
        <button type="button" className={CHIP} onClick={() => onOpen(parent)}>
          +{hidden} more
        </button>
      ) : null}
    </nav>
  );
}
