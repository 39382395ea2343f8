import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SORT_OPTIONS, type SortOption } from '~shared/constants.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import { searchLinks } from '~shared/data/links/select.ts';
import { gridColumns } from '~shared/rules/grid-columns.ts';
import type { ReorderDirection } from '~shared/rules/reorder.ts';
import { sortLinks } from '~shared/rules/sort-links.ts';
import type { LinkCardLink } from '~shared/ui/LinkCard.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { LinkSearchBox } from '../../features/links/link-search-box.tsx';
import { measureSince } from '../../features/links/grid-perf.ts';
import { FolderLinkGrid, type FolderLinkHandlers } from './folder-link-grid.tsx';
import { useFolderPrefs } from './use-folder-prefs.ts';
import { OutlineColorPicker } from './outline-color-picker.tsx';
import { useWindowWidth } from './use-window-width.ts';
import { ViewModeSwitch } from './view-mode-switch.tsx';

const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  alphabetical: 'Alphabetical',
  most_viewed: 'Most viewed',
  most_shared: 'Most shared',
};
/** Timing marks for the benchmark (tests/bench/web-dashboard.bench.ts). */
export const FOLDER_RENDER_MEASURE = 'lv:folder-render-from-data';
export const FOLDER_SEARCH_MEASURE = 'lv:folder-search-update';

interface FolderLinksSectionProps {
  userId: string;
  /** The folder's links (undefined while loading). */
  links: readonly FolderLinkItem[] | undefined;
  /** Its newest links while the whole list loads (folder-view.tsx): shown in the Newest sort without a search. */
  firstScreen?: readonly FolderLinkItem[];
  /** Shown instead of the grid when the links failed to load and none are cached. */
  loadError: React.ReactNode;
  /** The card handlers of the folder, without reordering (added here: it depends on the sort, the search and the columns). */
  handlers: Omit<FolderLinkHandlers, 'onMove'>;
  /** Reorders a link (in the Newest sort without a search); `columns` is the row width the user sees. */
  onMove: (link: LinkCardLink, direction: ReorderDirection, columns: number) => void;
  outlineColor: string;
}

/**
 * 'Links' of a folder: search, view mode, sort, outline colour and the grid. The search text lives
 * here, so a keystroke re-renders this section only, never the folder's header, subfolders or
 * dialogs (issue 11 'Scale': search within a frame).
 */
export function FolderLinksSection({
  userId,
  links: all,
  firstScreen,
  loadError,
  handlers: baseHandlers,
  onMove,
  outlineColor,
}: FolderLinksSectionProps) {
  const { viewMode, setViewMode, sort, setSort } = useFolderPrefs();
  const width = useWindowWidth();
  const columns = gridColumns(viewMode, width);
  const [query, setQuery] = useState('');
  const sortId = useId();

  // Benchmark marks: links data → committed grid, and keystroke → committed grid.
  const renderStarted = useRef<number | null>(null);
  const searchStarted = useRef<number | null>(null);
  if (all && renderStarted.current === null) renderStarted.current = performance.now();
  useLayoutEffect(() => {
    if (all && renderStarted.current !== null && renderStarted.current >= 0) {
      measureSince(FOLDER_RENDER_MEASURE, renderStarted.current);
      renderStarted.current = -1;
    }
  }, [all]);
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
  // Build the search index while the browser is idle, so the first keystroke is a plain scan too.
  useEffect(() => {
    if (sorted.length === 0 || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => searchLinks(sorted, 'a'));
    return () => cancelIdleCallback(handle);
  }, [sorted]);
  const canMove = !!all && sort === 'newest' && !searching;

  const handlers: FolderLinkHandlers = useMemo(
    () => ({
      ...baseHandlers,
      onMove: canMove ? (link: LinkCardLink, direction: ReorderDirection) => onMove(link, direction, columns) : undefined,
    }),
    [baseHandlers, canMove, onMove, columns],
  );

  return (
    <section
      aria-labelledby="folder-links-title"
      className="grid gap-3"
      data-testid="folder-results"
      data-query={query}
      data-complete={all ? 'true' : 'false'}
    >
      <div className="grid gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="folder-links-title" className="text-base font-semibold">
            Links
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
            <LinkSearchBox
              className="sm:w-64"
              value={query}
              onChange={(next) => {
                searchStarted.current = performance.now();
                setQuery(next);
              }}
              testId="folder-search"
            />
            <ViewModeSwitch value={viewMode} onChange={setViewMode} />
            <div className="flex items-center gap-2">
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
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>Icon outline</span>
          <OutlineColorPicker userId={userId} value={outlineColor} />
          {!canMove && all && all.length > 1 ? (
            <span className="ml-auto">Reordering works in the Newest sort without a search.</span>
          ) : null}
        </div>
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
        <FolderLinkGrid query={query} links={shown} columns={columns} viewMode={viewMode} handlers={handlers} outlineColor={outlineColor} />
      )}
    </section>
  );
}

export function GridSkeleton() {
  return (
    <div
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
      aria-busy="true"
      aria-label="Loading links"
      data-testid="folder-loading"
    >
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-28 animate-pulse rounded-lg border border-border bg-card/70" />
      ))}
    </div>
  );
}
