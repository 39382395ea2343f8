import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import type { OutgoingShare } from '~shared/data/shares/api.ts';
import { searchLinks } from '~shared/data/links/select.ts';
import { countPendingIncoming } from '~shared/rules/incoming-count.ts';
import { cn } from '~shared/ui/cn.ts';
import { CategorySection } from './category-section.tsx';
import { GRID_RENDER_MEASURE, GRID_SEARCH_MEASURE, measureSince } from './grid-perf.ts';
import { folderBuckets, gridCategories, gridSections, incomingPreview, outgoingPreview } from './grid-model.ts';
import type { LinkHandlers } from './link-handlers.ts';
import { LinkSearchBox } from './link-search-box.tsx';
import { RecentSubsections } from './recent-subsections.tsx';
import { usePreviewColumns } from './use-preview-columns.ts';
import { useValuePainted } from '../../app/use-painted.ts';
import { formatCount } from '~shared/rules/text.ts';

interface LinksGridProps {
  links: readonly LinkListItem[] | undefined;
  categories: readonly Category[] | undefined;
  incoming: readonly IncomingShare[];
  outgoing: readonly OutgoingShare[];
  loading: boolean;
  handlers: LinkHandlers;
  onOpenCategory: (id: string, category?: Category) => void;
  onChangeCategoryBackground: (category: Category) => void;
  /** CSS background-image of a folder's chosen background. */
  backgroundFor: (categoryId: string) => string | undefined;
  className?: string;
}

const SECTION_ESTIMATE_PX = 260;

/**
 * 'Your Links' (part 1 §2): search, then one section per folder with its first 3 links. Sections are
 * virtualised against the window, so the page holds the same few cards for 10 links or 10,000.
 */
export function LinksGrid(props: LinksGridProps) {
  const { links, categories, incoming, outgoing, loading, handlers, onOpenCategory, onChangeCategoryBackground, backgroundFor, className } =
    props;
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const columns = usePreviewColumns();
  const searchStarted = useRef<number | null>(null);
  const renderStarted = useRef<number | null>(null);
  // Search is synchronous: filtering 10,000 cached links takes a few ms, so results follow each keystroke in the same frame.
  const shownQuery = query;

  const shownCategories = useMemo(() => (categories ? gridCategories(categories) : []), [categories]);
  const buckets = useMemo(() => folderBuckets(links ?? []), [links]);
  const sections = useMemo(() => (links ? gridSections(links, shownCategories, shownQuery) : []), [links, shownCategories, shownQuery]);
  const incomingSection = useMemo(() => incomingPreview(incoming, shownQuery), [incoming, shownQuery]);
  const outgoingSection = useMemo(() => outgoingPreview(outgoing, links ?? [], shownQuery), [outgoing, links, shownQuery]);
  const defaultCategoryId = shownCategories[0]?.system_key === 'saved' ? shownCategories[0].id : null;

  if (links && renderStarted.current === null) renderStarted.current = performance.now();
  // Build the search index while the browser is idle, so even the first keystroke is a plain scan.
  useEffect(() => {
    if (!links || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => searchLinks(links, 'a'));
    return () => cancelIdleCallback(handle);
  }, [links]);

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const queryPainted = useValuePainted(shownQuery);
  const virtualizer = useWindowVirtualizer({
    count: sections.length,
    // The window's size from the first render on (the library starts from 0 × 0): else the first
    // commit holds no sections, and the one that adds them is laid out a second time.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    estimateSize: () => SECTION_ESTIMATE_PX,
    // A search keystroke's frame renders only the sections in the window; the one beyond it comes
    // back in the task after that frame's paint (issue 11 'Scale': search ≤ 16 ms per keystroke).
    overscan: queryPainted ? 1 : 0,
    scrollMargin,
    gap: 16,
    getItemKey: (index) => sections[index].category.id,
  });

  // Timing for the benchmark: data → first committed grid, and keystroke → updated grid.
  useLayoutEffect(() => {
    if (links && renderStarted.current !== null && renderStarted.current >= 0) {
      measureSince(GRID_RENDER_MEASURE, renderStarted.current);
      renderStarted.current = -1;
    }
  }, [links]);
  useLayoutEffect(() => {
    if (searchStarted.current !== null) {
      measureSince(GRID_SEARCH_MEASURE, searchStarted.current);
      searchStarted.current = null;
    }
  }, [query]);

  const toggle = useCallback(
    (id: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const openSection = useCallback((category: Category) => onOpenCategory(category.id, category), [onOpenCategory]);
  const isCollapsed = useCallback((id: string) => collapsed.has(id), [collapsed]);

  const totalLinks = links?.length ?? 0;
  const searching = shownQuery.trim() !== '';

  return (
    <section aria-labelledby="your-links-title" className={cn('grid content-start gap-4', className)}>
      <div className="flex flex-col gap-3 rounded-xl border border-border bg-card/95 p-4 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="your-links-title" className="text-lg font-semibold tracking-tight">
            Your Links
          </h2>
          <p className="text-xs text-muted-foreground" data-testid="links-total">
            {loading
              ? 'Loading…'
              : `${formatCount(totalLinks)} ${totalLinks === 1 ? 'link' : 'links'} in ${formatCount(shownCategories.length)} ${shownCategories.length === 1 ? 'category' : 'categories'}`}
          </p>
        </div>
        <LinkSearchBox
          className="sm:w-72"
          size="md"
          value={query}
          onChange={(next) => {
            searchStarted.current = performance.now();
            setQuery(next);
          }}
          testId="links-search"
        />
      </div>

      {loading && !links ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading links">
          {[0, 1].map((i) => (
            <div key={i} className="h-48 animate-pulse rounded-xl border border-border bg-card/70" />
          ))}
        </div>
      ) : null}

      <div
        ref={listRef}
        data-testid="links-grid"
        data-query={shownQuery}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const section = sections[item.index];
          const category = section.category;
          const isDefault = category.id === defaultCategoryId;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <CategorySection
                section={section}
                fullList={buckets.get(category.id) ?? []}
                collapsed={collapsed.has(category.id)}
                onToggle={toggle}
                onOpen={openSection}
                backgroundImage={backgroundFor(category.id)}
                onChangeBackground={onChangeCategoryBackground}
                columns={columns}
                handlers={handlers}
                searching={searching}
                emptySearch={searching && section.links.length === 0 ? shownQuery : undefined}
              >
                {isDefault ? (
                  <RecentSubsections
                    incoming={incomingSection}
                    pendingIncoming={countPendingIncoming(incoming)}
                    outgoing={outgoingSection}
                    isCollapsed={isCollapsed}
                    onToggle={toggle}
                    onOpen={(id) => onOpenCategory(id)}
                    columns={columns}
                    handlers={handlers}
                  />
                ) : null}
              </CategorySection>
            </div>
          );
        })}
      </div>
    </section>
  );
}
