import { memo, useMemo, type ReactNode } from 'react';
import type { LinkListItem } from '~shared/data/links/api.ts';
import { LINK_MESSAGES, LINKS_ONLY_IN_SUBFOLDERS, noLinksMatch } from '~shared/messages.ts';
import { cn } from '~shared/ui/cn.ts';
import { ImageIcon } from '~shared/ui/icons.tsx';
import { CategoryIcon } from '../../components/category-icons/category-icon.tsx';
import { LinkGrid, type LinkGridHandlers } from '../../components/link-grid.tsx';
import type { GridSection } from './grid-model.ts';
import type { LinkHandlers } from './link-handlers.ts';
import { SectionHeader } from './section-header.tsx';
import { SubfolderChips, type SubfolderChip } from './subfolder-chips.tsx';

interface CategorySectionProps {
  section: GridSection;
  /** The folder's whole list, newest first (moves). */
  fullList: readonly LinkListItem[];
  collapsed: boolean;
  onToggle: (categoryId: string) => void;
  onOpen: (category: GridSection['category']) => void;
  /** CSS background-image of the folder's chosen background. */
  backgroundImage?: string;
  onChangeBackground: (category: GridSection['category']) => void;
  columns: number;
  handlers: LinkHandlers;
  /** The default folder's incoming/outgoing sub-sections. */
  children?: ReactNode;
  searching: boolean;
  /** The search text, for the empty state while searching (only passed when nothing matched). */
  emptySearch?: string;
  /** The folder's direct subfolders (chips that open them); a stable array per folder. */
  subfolders?: readonly SubfolderChip[];
}

/**
 * A section re-renders only when what it shows changed: while typing a search most folders keep
 * the same three cards, and skipping them keeps each keystroke inside one frame.
 */
function sameSection(a: CategorySectionProps, b: CategorySectionProps): boolean {
  const keys = Object.keys(a) as Array<keyof CategorySectionProps>;
  for (const key of keys) {
    if (key === 'section') continue;
    if (a[key] !== b[key]) return false;
  }
  const x = a.section;
  const y = b.section;
  return (
    x.category === y.category &&
    x.totalCount === y.totalCount &&
    x.links.length === y.links.length &&
    x.links.every((link, i) => link === y.links[i])
  );
}

/** One folder in 'Your Links': header, up to 3 cards (total in the badge), optional sub-sections. */
export const CategorySection = memo(function CategorySection(props: CategorySectionProps) {
  const {
    section,
    fullList,
    collapsed,
    onToggle,
    onOpen,
    backgroundImage,
    onChangeBackground,
    columns,
    handlers,
    children,
    searching,
    emptySearch,
    subfolders,
  } = props;
  const bodyId = `section-${section.category.id}`;
  const categoryId = section.category.id;
  // While searching (no moving) cards cannot move; otherwise a move swaps with neighbours in the
  // folder's whole list (newest first), the row width being what the user sees.
  const movable = !searching;
  const gridHandlers = useMemo<LinkGridHandlers<LinkListItem>>(
    () => ({
      onOpen: handlers.onOpen,
      onShare: handlers.onShare,
      shareOff: handlers.shareOff,
      onEdit: handlers.onEdit,
      onDelete: handlers.onDelete,
      tagsOf: handlers.tagsOf,
      onTagClick: handlers.onTagClick,
      onMove: movable
        ? (link, direction) => handlers.onMove({ items: fullList, id: link.id, direction, columns, withinCategoryId: categoryId })
        : undefined,
    }),
    [handlers, movable, fullList, columns, categoryId],
  );
  return (
    <section
      aria-label={section.category.name}
      data-testid="category-section"
      data-category-id={section.category.id}
      className={cn(
        'relative overflow-hidden rounded-xl border border-border bg-card/90 shadow-sm',
        backgroundImage && 'bg-cover bg-center',
      )}
      style={backgroundImage ? { backgroundImage } : undefined}
    >
      <div
        className={cn(
          'grid grid-cols-1 gap-3 p-3 sm:p-4',
          backgroundImage && 'bg-gradient-to-b from-card/90 via-card/75 to-card/90 backdrop-blur-[1px]',
        )}
      >
        <SectionHeader
          bodyId={bodyId}
          icon={<CategoryIcon iconUrl={section.category.icon_url} />}
          name={section.category.name}
          count={section.totalCount}
          collapsed={collapsed}
          onToggle={() => onToggle(section.category.id)}
          onOpen={() => onOpen(section.category)}
          actions={
            <button
              type="button"
              onClick={() => onChangeBackground(section.category)}
              aria-label={`Change background of ${section.category.name}`}
              title="Change Category Background"
              className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ImageIcon size={16} />
            </button>
          }
        />
        {collapsed ? null : (
          <div id={bodyId} className="grid min-w-0 grid-cols-1 gap-4">
            {subfolders?.length && !searching ? <SubfolderChips parent={section.category} items={subfolders} onOpen={onOpen} /> : null}
            {section.links.length > 0 ? (
              <LinkGrid
                links={section.links}
                moveList={movable ? fullList : undefined}
                columns={columns}
                editingId={handlers.editingId}
                handlers={gridHandlers}
              />
            ) : (
              <p className="rounded-lg border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
                {searching && emptySearch !== undefined
                  ? noLinksMatch(emptySearch)
                  : subfolders?.length
                    ? // Imported bookmarks often sit only in subfolders: the folder is not empty, its links are below.
                      LINKS_ONLY_IN_SUBFOLDERS
                    : LINK_MESSAGES.emptyGrid}
              </p>
            )}
            {children}
          </div>
        )}
      </div>
    </section>
  );
}, sameSection);
