import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { GRID_BREAKPOINTS, type ViewMode } from '~shared/constants.ts';
import type { FolderLinkItem } from '~shared/data/links/api.ts';
import type { ReorderDirection } from '~shared/rules/reorder.ts';
import { previewDescription } from '~shared/rules/text.ts';
import { safeHref } from '~shared/rules/url.ts';
import { LinkCard, type LinkCardLink, type OpenMode } from '~shared/ui/LinkCard.tsx';
import { cn } from '~shared/ui/cn.ts';
import { disabledMovesAt } from '../../features/links/grid-model.ts';
import { skipAttachScroll } from '../../features/links/window-scroll.ts';
import { useWindowWidth } from './use-window-width.ts';
import { storedRowHeights, storeRowHeights } from './folder-row-heights.ts';
import { useAfterFirstPaint } from '../../app/use-after-first-paint.ts';
import { useValuePainted } from '../../app/use-painted.ts';

export interface FolderLinkHandlers {
  onOpen: (link: LinkCardLink, mode: OpenMode) => void;
  /** Omitted where a link cannot be shared (template links). */
  onShare?: (link: LinkCardLink) => void;
  /** Set while the user's sharing is off: cards grey out 'Share Link' with this reason. */
  shareOff?: string;
  /** Omitted where the user may not edit (incoming folders). */
  onEdit?: (link: LinkCardLink) => void;
  /** Omitted where the user may not delete (template links for non-admins). */
  onDelete?: (link: LinkCardLink) => void;
  /** Omitted when moving makes no sense (another sort than newest, or a search). The card passes its own link. */
  onMove?: (link: LinkCardLink, direction: ReorderDirection) => void;
  extraActions: ReadonlyArray<{ label: string; onSelect: (link: LinkCardLink) => void }>;
  /** Extra controls under a card (e.g. 'Approve' in REJECTED). */
  renderExtra?: (link: FolderLinkItem) => React.ReactNode;
}

/** Rows rendered beyond the window once the first screen is up. */
const OVERSCAN_ROWS = 2;

/**
 * A row's height before any was measured in this layout, here or on an earlier visit: cards without
 * descriptions or images, as measured at 1280 px (the reorder bar an overlay) and at 390 px (the bar
 * in the card).
 */
const ROW_ESTIMATE: Record<'overlay' | 'bar', Record<ViewMode, number>> = {
  overlay: { gallery: 110, compact: 110, list: 90 },
  bar: { gallery: 178, compact: 230, list: 126 },
};

function Description({ text, compact }: { text: string | null; compact: boolean }) {
  if (!text || compact) return null;
  const shown = previewDescription(text);
  const cut = shown !== text;
  // The full text on hover (title) and, when cut, on keyboard focus too (the tooltip shows it).
  return (
    <p
      className="line-clamp-3 text-xs break-words text-muted-foreground"
      title={cut ? text : undefined}
      tabIndex={cut ? 0 : undefined}
      data-testid="link-description"
    >
      {shown}
    </p>
  );
}

/** Issue 18: the page's preview image in gallery view (our stored copy; http(s) only). */
function PreviewImage({ src }: { src: string | null | undefined }) {
  const href = safeHref(src);
  if (!href) return null;
  return (
    <img
      src={href}
      alt=""
      loading="lazy"
      data-testid="link-preview-image"
      className="aspect-[1.91/1] w-full rounded-md bg-muted object-cover"
    />
  );
}

interface FolderLinkGridProps {
  /** The search the links are filtered by (data-query: the benchmark waits for it). */
  query: string;
  links: readonly FolderLinkItem[];
  columns: number;
  viewMode: ViewMode;
  handlers: FolderLinkHandlers;
  outlineColor: string;
}

/**
 * The folder's links in rows of `columns` (from the view mode and the window width), virtualised
 * against the window: a 10,000-link folder keeps only the rows on screen in the DOM.
 */
export function FolderLinkGrid({ query, links, columns, viewMode, handlers, outlineColor }: FolderLinkGridProps) {
  const rows = useMemo(() => {
    const out: FolderLinkItem[][] = [];
    for (let i = 0; i < links.length; i += columns) out.push(links.slice(i, i + columns) as FolderLinkItem[]);
    return out;
  }, [links, columns]);
  const listRef = useRef<HTMLDivElement>(null);
  // The list's offset from the page top. Mounting, the list renders no rows until it is known (a
  // layout effect: read before the first paint, while the page holds no cards yet, then rendered
  // again at once), so the first screen renders only the rows on screen. Each card costs ~2.5 ms of
  // a first load on a 2-core machine; guessing the list at the page top rendered twice the rows
  // the window shows (issue 11 'Scale').
  const [scrollMargin, setScrollMargin] = useState<number | null>(null);
  useLayoutEffect(() => {
    setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  // Later it is read after paint, when layout is done anyway: in a layout effect it forced a layout
  // in the middle of every keystroke's commit. Rows are placed relative to the list, so a stale
  // offset only shifts which rows are rendered (the overscan covers it), never where they are.
  useEffect(() => {
    if (scrollMargin === null) return;
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  // The first screen has no rows beyond the window, and from 640 px no reorder bars (an overlay
  // shown on hover or focus): both come in the task after its first paint.
  const settled = useAfterFirstPaint(scrollMargin !== null);
  // A search keystroke's frame renders only the rows on screen too: the rows beyond the window come
  // back in the task after its paint. At the top of a folder they were a third of the cards every
  // result-changing keystroke updated and laid out (issue 11 'Scale': search ≤ 16 ms per keystroke).
  const queryPainted = useValuePainted(query);
  // Rows not measured yet are estimated at the height rows of the same layout measured last: a
  // keystroke that brings new cards then renders the right number of rows in one pass, instead of
  // rendering with a guess, measuring, and rendering and laying out again (issue 11 'Scale').
  // The layout changes with the view mode, the columns and the reorder bar (gone while searching)
  // where the bar takes room: on phones, or beside a card's own controls. From sm up it overlays the
  // card's bottom edge, so a search's first keystroke keeps every row's measured height instead of
  // measuring all rows again, a forced layout per row (issue 11 'Scale').
  const wide = useWindowWidth() >= GRID_BREAKPOINTS[0];
  const barTakesRoom = !!handlers.onMove && (!wide || !!handlers.renderExtra);
  const layout = `${viewMode}:${columns}:${barTakesRoom ? 'move' : 'still'}`;
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const [measured] = useState(() => ({ current: storedRowHeights() }));
  const [scrollToFn] = useState(skipAttachScroll);
  const virtualizer = useWindowVirtualizer({
    scrollToFn,
    count: scrollMargin === null ? 0 : rows.length,
    estimateSize: () => measured.current.get(layoutRef.current) ?? ROW_ESTIMATE[barTakesRoom ? 'bar' : 'overlay'][viewMode],
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      if (size > 0) measured.current.set(layoutRef.current, size);
      return size;
    },
    overscan: settled && queryPainted ? OVERSCAN_ROWS : 0,
    scrollMargin: scrollMargin ?? 0,
    gap: 12,
  });
  // Remembered for the next visit once the first screen (or a new layout) is measured.
  useEffect(() => {
    if (settled) storeRowHeights(measured.current);
  }, [settled, layout, measured]);
  // Sizes measured under another layout are wrong now: start again from this layout's estimate.
  const previousLayout = useRef(layout);
  useLayoutEffect(() => {
    if (previousLayout.current === layout) return;
    previousLayout.current = layout;
    virtualizer.measure();
  }, [layout, virtualizer]);
  const compact = viewMode === 'compact';

  // Cards are keyed by their slot (below), so a link the keyboard moves lands in another card than
  // the one that had focus: focus follows it to the same button (or its first one still enabled)
  // once the list shows it at its new place.
  const follow = useRef<{ linkId: string; control: string; from: number } | null>(null);
  const linksNow = useRef(links);
  linksNow.current = links;
  const onMove = handlers.onMove;
  const cardHandlers = useMemo<FolderLinkHandlers>(() => {
    if (!onMove) return handlers;
    return {
      ...handlers,
      onMove: (link, direction) => {
        const control = document.activeElement?.closest('[data-card-control]')?.getAttribute('data-card-control');
        follow.current = control ? { linkId: link.id, control, from: linksNow.current.findIndex((l) => l.id === link.id) } : null;
        onMove(link, direction);
      },
    };
  }, [handlers, onMove]);
  useLayoutEffect(() => {
    const wanted = follow.current;
    if (!wanted) return;
    const at = links.findIndex((l) => l.id === wanted.linkId);
    if (at === wanted.from) return; // not moved yet
    follow.current = null;
    const card = listRef.current?.querySelector(`[data-index="${Math.floor(at / columns)}"]`)?.children[at % columns];
    if (!card || card.contains(document.activeElement)) return; // off screen: focus stays where it is
    (
      card.querySelector<HTMLElement>(`[data-card-control="${wanted.control}"]:not(:disabled)`) ??
      card.querySelector<HTMLElement>('[data-card-control^="move-"]:not(:disabled)')
    )?.focus();
  }, [links, columns]);

  return (
    <div
      ref={listRef}
      data-testid="folder-links"
      data-view-mode={viewMode}
      data-query={query}
      data-columns={columns}
      className="relative w-full [&_article>div:first-child>button:first-child]:ring-2 [&_article>div:first-child>button:first-child]:ring-[var(--lv-outline)] [&_article>div:first-child>button:first-child]:ring-offset-1"
      style={{ height: virtualizer.getTotalSize(), ['--lv-outline' as string]: outlineColor }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="absolute inset-x-0 top-0 grid gap-3"
            style={{
              transform: `translateY(${item.start - (scrollMargin ?? 0)}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {/* Cards are keyed by their slot in the row: a keystroke that brings other links, the
                first one of a search included, updates the cards on screen instead of unmounting and
                mounting them all (issue 11 'Scale': 19-21 ms for the first keystroke when cards were
                keyed by link outside a search). LinkCard keeps its per-link state, the open menu and
                the icon, by link; focus follows a moved link above. */}
            {row.map((link, i) => (
              <FolderCard
                key={i}
                link={link}
                position={item.index * columns + i}
                length={handlers.onMove ? links.length : 0}
                columns={columns}
                compact={compact}
                gallery={viewMode === 'gallery'}
                moveBarLater={wide && !settled}
                handlers={cardHandlers}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

interface FolderCardProps {
  link: FolderLinkItem;
  position: number;
  length: number;
  columns: number;
  compact: boolean;
  gallery?: boolean;
  /** The first screen from 640 px: the reorder bar comes in the next task (LinkCard). */
  moveBarLater: boolean;
  handlers: FolderLinkHandlers;
}

/**
 * One card; memoised so a keystroke re-renders only the cards whose link or place changed (the
 * handlers are stable), which keeps search inside a frame on large folders.
 */
const FolderCard = memo(function FolderCard({
  link,
  position,
  length,
  columns,
  compact,
  gallery,
  moveBarLater,
  handlers,
}: FolderCardProps) {
  const disabledMoves = useMemo(
    () => (handlers.onMove ? disabledMovesAt(position, length, columns) : undefined),
    [handlers.onMove, position, length, columns],
  );
  return (
    <LinkCard
      link={link}
      className={cn(compact && 'p-2')}
      onOpen={handlers.onOpen}
      onShare={handlers.onShare}
      shareOff={handlers.shareOff}
      onEdit={handlers.onEdit}
      onDelete={handlers.onDelete}
      onMove={handlers.onMove}
      disabledMoves={disabledMoves}
      extraActions={handlers.extraActions}
      details={
        <>
          {/* Keyed by link: a reused card never shows the previous link's picture while this one loads. */}
          {gallery ? <PreviewImage key={link.id} src={link.preview_image_url} /> : null}
          <Description text={link.description} compact={compact} />
        </>
      }
      ownControls={handlers.renderExtra?.(link)}
      moveBarLater={moveBarLater}
    />
  );
});
