import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import type { IncomingShare } from '~shared/data/incoming/api.ts';
import type { LinkListItem } from '~shared/data/links/api.ts';
import type { OutgoingShare } from '~shared/data/shares/api.ts';
import { searchLoadedLinks, type LocalSearchContext } from '~shared/rules/link-search.ts';
import { parseSearchQuery } from '~shared/rules/search-query.ts';
import { tagSearchText } from '~shared/rules/search-chips.ts';
import { countPendingIncoming } from '~shared/rules/incoming-count.ts';
import { cn } from '~shared/ui/cn.ts';
import { CategorySection } from './category-section.tsx';
import { dataStart, GRID_RENDER_MEASURE, GRID_SEARCH_MEASURE, measureSince } from '../../lib/grid-perf.ts';
import {
  acceptFolders,
  countedFolders,
  folderBuckets,
  gridCategories,
  subfolderChips,
  gridSections,
  incomingPreview,
  outgoingPreview,
} from './grid-model.ts';
import type { LinkHandlers } from './link-handlers.ts';
import { LinkSearchBox } from '../../components/link-search-box.tsx';
import { RecentSubsections } from './recent-subsections.tsx';
import { useDocumentOffset } from '../../lib/use-document-offset.ts';
import { usePreviewColumns } from './use-preview-columns.ts';
import { useValuePainted } from '../../lib/use-painted.ts';
import { formatCount } from '~shared/rules/text.ts';
import type { LinkGridHandlers } from '../../components/link-grid.tsx';
import { SearchChips } from './search-chips.tsx';
import { SearchResults } from './search-results.tsx';
import { useSearchText } from './use-search-text.ts';

interface YourLinksProps {
  userId: string;
  links: readonly LinkListItem[] | undefined;
  /** Each link's tag names (the chips, and `tag:` in the instant filter). */
  linkTags: ReadonlyMap<string, readonly string[]>;
  /** When the links arrived (the query's dataUpdatedAt, epoch ms): the benchmark's render mark starts there. */
  linksUpdatedAt?: number;
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

/** `folder:` in the instant filter: the folders of that name (any case) and their subfolders. */
function folderContext(categories: readonly Category[]): LocalSearchContext {
  const children = new Map<string, string[]>();
  for (const c of categories) {
    if (!c.parent_category_id) continue;
    const list = children.get(c.parent_category_id);
    if (list) list.push(c.id);
    else children.set(c.parent_category_id, [c.id]);
  }
  return {
    folderIdsByName: (name) => {
      const key = name.toLowerCase();
      const ids: string[] = categories.filter((c) => c.name.toLowerCase() === key).map((c) => c.id);
      for (let i = 0; i < ids.length; i++) ids.push(...(children.get(ids[i]) ?? []));
      return ids;
    },
  };
}

/**
 * 'Your Links' (part 1 §2): search, then one section per folder with its first 3 links (each in the
 * link grid, components/link-grid.tsx). Sections are virtualised against the window, so the page
 * holds the same few cards for 10 links or 10,000.
 */
export function YourLinks(props: YourLinksProps) {
  const {
    userId,
    links,
    linkTags,
    linksUpdatedAt,
    categories,
    incoming,
    outgoing,
    loading,
    handlers,
    onOpenCategory,
    onChangeCategoryBackground,
    backgroundFor,
    className,
  } = props;
  // The box's text lives in the URL (?q=): reload, back/forward and a shared address keep the search.
  const { text: query, setText: setQuery, committed, setNow } = useSearchText();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const columns = usePreviewColumns();
  const searchStarted = useRef<number | null>(null);
  // Search is synchronous: filtering 10,000 cached links takes a few ms, so results follow each keystroke in the same frame.
  const shownQuery = query;

  const shownCategories = useMemo(() => (categories ? gridCategories(categories) : []), [categories]);
  const buckets = useMemo(() => folderBuckets(links ?? []), [links]);
  const chips = useMemo(() => subfolderChips(categories ?? [], buckets), [categories, buckets]);
  const folderCount = useMemo(() => countedFolders(categories ?? []), [categories]);
  // The loaded links with their tags, for the instant filter (`tag:` and tag words match locally too).
  const searchable = useMemo(
    () =>
      (links ?? []).map((link) => {
        const tags = linkTags.get(link.id);
        return tags ? { ...link, tags } : link;
      }),
    [links, linkTags],
  );
  const searchContext = useMemo(() => folderContext(categories ?? []), [categories]);
  const searching = shownQuery.trim() !== '';
  // The grammar (words as prefixes, tag:, site:, …) over what is loaded, at each keystroke; the
  // server's ranked answer follows in the results above the sections.
  const localMatches = useMemo(
    () => (searching ? searchLoadedLinks(searchable, parseSearchQuery(shownQuery), searchContext) : null),
    [searching, searchable, shownQuery, searchContext],
  );
  const sections = useMemo(
    () => (links ? gridSections(links, shownCategories, shownQuery, localMatches ?? undefined) : []),
    [links, shownCategories, shownQuery, localMatches],
  );
  const incomingSection = useMemo(() => incomingPreview(incoming, shownQuery), [incoming, shownQuery]);
  const outgoingSection = useMemo(() => outgoingPreview(outgoing, links ?? [], shownQuery), [outgoing, links, shownQuery]);
  const defaultCategoryId = shownCategories[0]?.system_key === 'saved' ? shownCategories[0].id : null;
  const acceptInto = useMemo(() => acceptFolders(categories ?? []), [categories]);

  // Build the search index while the browser is idle, so even the first keystroke is a plain scan.
  useEffect(() => {
    if (!links || typeof requestIdleCallback !== 'function') return;
    const handle = requestIdleCallback(() => searchLoadedLinks(searchable, 'a'));
    return () => cancelIdleCallback(handle);
  }, [links, searchable]);

  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef) ?? 0;
  const queryPainted = useValuePainted(shownQuery);
  const virtualizer = useWindowVirtualizer({
    count: sections.length,
    // The window's size from the first render on (the library starts from 0 × 0): else the first
    // commit holds no sections, and the one that adds them is laid out a second time.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    estimateSize: () => SECTION_ESTIMATE_PX,
    // A search keystroke's frame renders only the sections in the window; the one beyond it comes
    // back in the task after that frame's paint (search ≤ 16 ms per keystroke).
    overscan: queryPainted ? 1 : 0,
    scrollMargin,
    gap: 16,
    getItemKey: (index) => sections[index].category.id,
  });

  // Timing for the benchmark: data → first committed grid, and keystroke → updated grid. The data
  // mark starts when the links arrived, or when the grid mounted if they were there already.
  const [mountedAt] = useState(() => performance.now());
  const renderMeasured = useRef(false);
  useLayoutEffect(() => {
    if (!links || renderMeasured.current) return;
    renderMeasured.current = true;
    measureSince(GRID_RENDER_MEASURE, dataStart(mountedAt, linksUpdatedAt));
  }, [links, mountedAt, linksUpdatedAt]);
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
  // During a search the header says how many loaded links match ('3 of 350 links').
  const matchingLinks = localMatches ? localMatches.length : null;
  // A tag chip on any card searches for the tag.
  const showTag = useCallback(
    (name: string) => {
      setNow(tagSearchText(name));
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setNow],
  );
  const sectionHandlers = useMemo<LinkHandlers>(() => ({ ...handlers, onTagClick: showTag }), [handlers, showTag]);
  const resultHandlers = useMemo<LinkGridHandlers>(
    () => ({
      onOpen: handlers.onOpen,
      onShare: handlers.onShare,
      shareOff: handlers.shareOff,
      onEdit: handlers.onEdit,
      onDelete: handlers.onDelete,
      tagsOf: handlers.tagsOf,
      onTagClick: showTag,
    }),
    [handlers, showTag],
  );

  return (
    <section aria-labelledby="your-links-title" className={cn('grid content-start gap-4', className)}>
      {/* Phones: title and count on one line, tighter padding (the first screen shows links). */}
      <div className="grid gap-2 rounded-xl border border-border bg-card/95 p-3 shadow-sm backdrop-blur sm:p-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
          <div className="flex flex-wrap items-baseline gap-x-2 sm:block">
            <h2 id="your-links-title" className="text-lg font-semibold tracking-tight">
              Your Links
            </h2>
            <p className="text-xs text-muted-foreground" data-testid="links-total">
              {loading
                ? 'Loading…'
                : matchingLinks !== null
                  ? `${formatCount(matchingLinks)} of ${formatCount(totalLinks)} ${totalLinks === 1 ? 'link' : 'links'}`
                  : `${formatCount(totalLinks)} ${totalLinks === 1 ? 'link' : 'links'} in ${formatCount(folderCount)} ${folderCount === 1 ? 'category' : 'categories'}`}
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
        <SearchChips text={query} onChange={setNow} />
      </div>

      {committed.trim() ? (
        <SearchResults
          userId={userId}
          text={committed}
          localMatches={localMatches ?? []}
          columns={columns}
          handlers={resultHandlers}
          onClear={() => setNow('')}
        />
      ) : null}

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
                handlers={sectionHandlers}
                searching={searching}
                emptySearch={searching && section.links.length === 0 ? shownQuery : undefined}
                subfolders={chips.get(category.id)}
              >
                {isDefault ? (
                  <RecentSubsections
                    incoming={incomingSection}
                    pendingIncoming={countPendingIncoming(incoming)}
                    outgoing={outgoingSection}
                    isCollapsed={isCollapsed}
                    onToggle={toggle}
                    onOpen={(id) => onOpenCategory(id)}
                    handlers={sectionHandlers}
                    acceptFolders={acceptInto}
                    defaultFolderId={defaultCategoryId ?? undefined}
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
