import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SORT_OPTIONS, type SortOption } from '~shared/constants.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { searchLinks } from '~shared/data/links/select.ts';
import { gridColumns } from '~shared/rules/grid-columns.ts';
import type { ReorderDirection } from '~shared/rules/reorder.ts';
import { sortLinks } from '~shared/rules/sort-links.ts';
import type { LinkCardLink } from '~shared/ui/link-card.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { ChevronDownIcon } from '~shared/ui/icons.tsx';
import { LinkGrid, type LinkGridHandlers, type RowHeightMemory } from '../../components/link-grid.tsx';
import { LinkSearchBox } from '../../components/link-search-box.tsx';
import type { SearchCountStore } from './search-count.tsx';
import { ViewModeSwitch } from '../../components/view-mode-switch.tsx';
import { dataStart, measureSince } from '../../lib/grid-perf.ts';
import { useFolderPrefs } from '../../lib/use-folder-prefs.ts';
import { useElementWidth } from '../../lib/use-element-width.ts';
import { storedRowHeights, storeRowHeights } from './folder-row-heights.ts';
import { OutlineColorPicker } from './outline-color-picker.tsx';
import { GridSkeleton } from './folder-states.tsx';

const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  alphabetical: 'Alphabetical',
  most_viewed: 'Most viewed',
  most_shared: 'Most shared',
};
/** Timing marks for the benchmark (tests/bench/web-dashboard.bench.ts). */
const FOLDER_RENDER_MEASURE = 'lv:folder-render-from-data';
const FOLDER_SEARCH_MEASURE = 'lv:folder-search-update';

/** The folder grid's row heights, remembered in this browser for the next first screen (folder-row-heights.ts). */
const ROW_HEIGHTS: RowHeightMemory = { load: storedRowHeights, store: storeRowHeights };

export type FolderLinkHandlers = LinkGridHandlers<FolderLinkItem>;

interface FolderLinksSectionProps {
  /** The folder's links (undefined while loading). */
  links: readonly FolderLinkItem[] | undefined;
  /** When they arrived (the query's dataUpdatedAt, epoch ms): the benchmark's render mark starts there. */
  linksUpdatedAt?: number;
  /** Its newest links while the whole list loads (folder-view.tsx): shown in the Newest sort without a search. */
  firstScreen?: readonly FolderLinkItem[];
  /** Shown instead of the grid when the links failed to load and none are cached. */
  loadError: React.ReactNode;
  /** The card handlers of the folder, without reordering (added here: it depends on the sort, the search and the columns). */
  handlers: Omit<FolderLinkHandlers, 'onMove'>;
  /**
   * A folder of the user's own: its links sort (the remembered sort), reorder in the Newest sort
   * without a search, and show the user's icon outline, which can be changed here. A template's
   * links keep their order and have none of these.
   */
  own?: {
    userId: string;
    outlineColor: string;
    /** Reorders a link; `columns` is the row width the user sees. */
    onMove: (link: LinkCardLink, direction: ReorderDirection, columns: number) => void;
  };
  /** Where the section says how many links a search shows (the header's '3 of 350 links'). */
  searchCount?: SearchCountStore;
}

/**
 * 'Links' of a folder: search, view mode, sort, outline colour and the grid. The search text lives
 * here, so a keystroke re-renders this section only, never the folder's header, subfolders or
 * dialogs (search within a frame).
 */
export function FolderLinksSection({
  links: all,
  linksUpdatedAt,
  firstScreen,
  loadError,
  handlers: baseHandlers,
  own,
  searchCount,
}: FolderLinksSectionProps) {
  const { viewMode, setViewMode, sort: storedSort, setSort } = useFolderPrefs();
  const sort = own ? storedSort : 'newest';
  // Columns follow the grid's own width (the section's), not the window's.
  const sectionRef = useRef<HTMLElement>(null);
  const columns = gridColumns(viewMode, useElementWidth(sectionRef, window.innerWidth));
  const [query, setQuery] = useState('');
  const sortId = useId();
  const optionsId = useId();
  /** Phones: the view modes, sort and icon outline are shown on demand (wider screens always show them). */
  const [optionsOpen, setOptionsOpen] = useState(false);

  // Benchmark marks: links data → committed grid (from when the links arrived, or from the mount if
  // they were there already), and keystroke → committed grid.
  const [mountedAt] = useState(() => performance.now());
  const renderMeasured = useRef(false);
  const searchStarted = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!all || renderMeasured.current) return;
    renderMeasured.current = true;
    measureSince(FOLDER_RENDER_MEASURE, dataStart(mountedAt, linksUpdatedAt));
  }, [all, mountedAt, linksUpdatedAt]);
  useLayoutEffect(() => {
    if (searchStarted.current !== null) {
      measureSince(FOLDER_SEARCH_MEASURE, searchStarted.current);
      searchStarted.current = null;
    }
  }, [query]);
  // Sort once per list and sort (the server's order is already newest first), then filter per keystroke:
  // the search index is cached per sorted array, so typing is a plain scan.
  const sorted = useMemo(() => (all ? (sort === 'newest' ? all : sortLinks(all, sort)) : []), [all, sort]);
  const searching = query.trim() !== '';
  // Until the whole list is in, only the first screen of the Newest sort can be shown: a search or
  // another sort shows the loading state rather than an incomplete answer.
  const shownAll = useMemo(() => searchLinks(sorted, query), [sorted, query]);
  const shown = all ? shownAll : sort === 'newest' && !searching ? firstScreen : undefined;
  const searchShown = searching && all ? shownAll.length : null;
  useEffect(() => searchCount?.set(searchShown), [searchCount, searchShown]);
  useEffect(() => () => searchCount?.set(null), [searchCount]);
  // Build the search index while the browser is idle, so the first keystroke is a plain scan too.
  useEffect(() => {
    if (sorted.length === 0 || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => searchLinks(sorted, 'a'));
    return () => cancelIdleCallback(handle);
  }, [sorted]);
  const onMove = own?.onMove;
  const canMove = !!onMove && !!all && sort === 'newest' && !searching;

  const handlers: FolderLinkHandlers = useMemo(
    () => ({
      ...baseHandlers,
      onMove: canMove && onMove ? (link: LinkCardLink, direction: ReorderDirection) => onMove(link, direction, columns) : undefined,
    }),
    [baseHandlers, canMove, onMove, columns],
  );

  return (
    <section
      ref={sectionRef}
      aria-labelledby="folder-links-title"
      className="grid gap-3"
      data-testid="folder-results"
      data-query={query}
      data-complete={all ? 'true' : 'false'}
    >
      {/* Phones: the search and a 'View options' button; the view modes, sort and icon outline open below it. */}
      <div className="grid gap-2 rounded-xl border border-border bg-card/95 p-3 shadow-sm sm:gap-3 sm:p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="folder-links-title" className="text-base font-semibold max-sm:sr-only">
            Links
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
            <div className="flex gap-2 sm:contents">
              <LinkSearchBox
                className="sm:w-64 max-sm:min-w-0 max-sm:flex-1"
                value={query}
                onChange={(next) => {
                  searchStarted.current = performance.now();
                  setQuery(next);
                }}
                testId="folder-search"
              />
              <button
                type="button"
                aria-expanded={optionsOpen}
                aria-controls={optionsId}
                onClick={() => setOptionsOpen((open) => !open)}
                className="inline-flex h-9 shrink-0 items-center gap-1 self-center rounded-md border border-input bg-card px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:hidden"
              >
                View options
                <ChevronDownIcon size={16} className={cn('transition-transform', optionsOpen && 'rotate-180')} />
              </button>
            </div>
            <div id={optionsId} className={cn('flex flex-wrap items-center gap-2 sm:contents', !optionsOpen && 'max-sm:hidden')}>
              <ViewModeSwitch value={viewMode} onChange={setViewMode} />
              {own ? (
                <div className="flex items-center gap-2 max-sm:flex-1">
                  <label htmlFor={sortId} className="text-xs text-muted-foreground">
                    Sort
                  </label>
                  <select
                    id={sortId}
                    value={sort}
                    onChange={(event) => setSort(event.target.value as SortOption)}
                    className={cn(CONTROL_CLASS, 'h-9 flex-1 sm:w-40')}
                  >
                    {SORT_OPTIONS.map((option) => (
                      <option key={option} value={option}>
                        {SORT_LABELS[option]}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </div>
          </div>
        </div>
        {own ? (
          <div className={cn('flex flex-wrap items-center gap-2 text-xs text-muted-foreground', !optionsOpen && 'max-sm:hidden')}>
            <span>Icon outline</span>
            <OutlineColorPicker userId={own.userId} value={own.outlineColor} />
            {!canMove && all && all.length > 1 ? (
              <span className="ml-auto">Reordering works in the Newest sort without a search.</span>
            ) : null}
          </div>
        ) : null}
      </div>

      {loadError && !all ? (
        loadError
      ) : !shown ? (
        <GridSkeleton />
      ) : shown.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-border bg-card/80 px-3 py-8 text-center text-sm text-muted-foreground"
          data-testid="folder-empty"
        >
          {searching ? 'No links match your search.' : 'This folder is empty.'}
        </p>
      ) : (
        <LinkGrid
          virtualized
          testId="folder-links"
          query={query}
          links={shown}
          columns={columns}
          viewMode={viewMode}
          handlers={handlers}
          outlineColor={own?.outlineColor ?? 'transparent'}
          rowHeights={ROW_HEIGHTS}
        />
      )}
    </section>
  );
}
