import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { GRID_BREAKPOINTS, GRID_GAP_PX, type ViewMode } from '~shared/constants.ts';
import type { ReorderDirection } from '~shared/rules/reorder.ts';
import { previewDescription } from '~shared/rules/text.ts';
import { safeHref } from '~shared/rules/url.ts';
import { LinkCard, type LinkCardLink, type OpenMode } from '~shared/ui/link-card.tsx';
import { cn } from '~shared/ui/cn.ts';
import { disabledMovesAt } from '../lib/link-moves.ts';
import { useAfterFirstPaint } from '../lib/use-after-first-paint.ts';
import { useDocumentOffset } from '../lib/use-document-offset.ts';
import { useValuePainted } from '../lib/use-painted.ts';
import { useWindowWidth } from '../lib/use-window-width.ts';
import { skipAttachScroll } from '../lib/window-scroll.ts';

/** A link as the grid shows it: the card's fields, and the description and picture its details show. */
export type GridLink = LinkCardLink & { description?: string | null };

/** What a card can do; a handler left out hides its control. The card passes its own link. */
export interface LinkGridHandlers<L extends GridLink = GridLink> {
  onOpen: (link: LinkCardLink, mode: OpenMode) => void;
  /** Omitted where a link cannot be shared (template links). */
  onShare?: (link: LinkCardLink) => void;
  /** Set while the user's sharing is off: cards grey out 'Share Link' with this reason. */
  shareOff?: string;
  /** Omitted where the user may not edit (incoming folders). */
  onEdit?: (link: LinkCardLink) => void;
  /** Omitted where the user may not delete (template links for non-admins). */
  onDelete?: (link: LinkCardLink) => void;
  /** Omitted when moving makes no sense (another sort than newest, or a search). */
  onMove?: (link: LinkCardLink, direction: ReorderDirection) => void;
  extraActions?: ReadonlyArray<{ label: string; onSelect: (link: LinkCardLink) => void }>;
  /** Extra controls under a card (e.g. 'Approve' in REJECTED). */
  renderExtra?: (link: L) => React.ReactNode;
  /** A link's tags for its chips, from one lookup over the loaded list (never a query per card). */
  tagsOf?: (linkId: string) => readonly string[] | undefined;
  /** A card's tag chip was pressed. */
  onTagClick?: (name: string) => void;
}

/** Where a grid remembers its measured row heights between visits (a folder: localStorage). */
export interface RowHeightMemory {
  load: () => Map<string, number>;
  store: (heights: ReadonlyMap<string, number>) => void;
}

interface LinkGridProps<L extends GridLink> {
  links: readonly L[];
  /** Cards per row (from the view mode and the window width). */
  columns: number;
  handlers: LinkGridHandlers<L>;
  /**
   * Rows rendered against the window, only those on screen: a folder's whole list (10,000 links
   * keep a few rows in the DOM). Without it every card renders (a dashboard section's three).
   */
  virtualized?: boolean;
  /** The list moves are counted in, newest first (a dashboard section shows 3 of its folder's links); default `links`. */
  moveList?: readonly L[];
  /** Gallery, compact or list: cards show their description (and, in gallery, the picture). Omitted: plain cards. */
  viewMode?: ViewMode;
  /** The link in the Edit Link card (orange highlight). */
  editingId?: string | null;
  /** The colour of the ring around each card's icon (the user's icon outline). */
  outlineColor?: string;
  /** The search the links are filtered by (data-query: the benchmark waits for it). */
  query?: string;
  rowHeights?: RowHeightMemory;
  testId?: string;
}

/**
 * The one grid of link cards: a folder's links (virtualised, with view modes and details) and each
 * folder section of the dashboard's 'Your Links' (its first three). Cards are keyed by their slot:
 * a keystroke that brings other links updates the cards on screen instead of unmounting and
 * mounting them all (19-21 ms for a search's first keystroke in a large folder when cards were
 * keyed by link); LinkCard keeps its per-link state, the open menu and the icon, by link, and focus
 * follows a link the keyboard moves.
 */
export function LinkGrid<L extends GridLink>({ virtualized, ...props }: LinkGridProps<L>) {
  return virtualized ? <WindowRows {...props} /> : <AllRows {...props} />;
}

type RowsProps<L extends GridLink> = Omit<LinkGridProps<L>, 'virtualized'>;

/** Rows rendered beyond the window once the first screen is up. */
const OVERSCAN_ROWS = 2;

/**
 * A row's height before any was measured in this layout, here or on an earlier visit: cards without
 * descriptions or images, as measured at 1280 px (the reorder bar an overlay) and at 390 px (the bar
 * in the card).
 */
const ROW_ESTIMATE: Record<'overlay' | 'bar', Record<ViewMode, number>> = {
  overlay: { gallery: 110, compact: 110, list: 50 },
  bar: { gallery: 178, compact: 178, list: 86 },
};

const inMemory = (): RowHeightMemory => ({ load: () => new Map(), store: () => undefined });

/** The links in rows of `columns`, virtualised against the window. */
function WindowRows<L extends GridLink>(props: RowsProps<L>) {
  const { links, columns, handlers, viewMode = 'gallery', query = '', rowHeights } = props;
  const rows = useMemo(() => {
    const out: L[][] = [];
    for (let i = 0; i < links.length; i += columns) out.push(links.slice(i, i + columns));
    return out;
  }, [links, columns]);
  const listRef = useRef<HTMLDivElement>(null);
  // The list's offset from the page top. Mounting, the list renders no rows until it is known (read
  // before the first paint, while the page holds no cards yet, then rendered again at once), so the
  // first screen renders only the rows on screen. Each card costs ~2.5 ms of a first load on a 2-core
  // machine; guessing the list at the page top rendered twice the rows the window shows. Later it is
  // read after layout (useDocumentOffset): in a layout effect it forced a layout in the middle of
  // every keystroke's commit. Rows are placed relative to the list, so a stale offset only shifts
  // which rows are rendered (the overscan covers it), never where they are.
  const scrollMargin = useDocumentOffset(listRef);
  // The first screen has no rows beyond the window, and from 640 px no reorder bars (an overlay
  // shown on hover or focus): both come in the task after its first paint.
  const settled = useAfterFirstPaint(scrollMargin !== null);
  // A search keystroke's frame renders only the rows on screen too: the rows beyond the window come
  // back in the task after its paint. At the top of a folder they were a third of the cards every
  // result-changing keystroke updated and laid out (search ≤ 16 ms per keystroke).
  const queryPainted = useValuePainted(query);
  // Rows not measured yet are estimated at the height rows of the same layout measured last: a
  // keystroke that brings new cards then renders the right number of rows in one pass, instead of
  // rendering with a guess, measuring, and rendering and laying out again.
  // The layout changes with the view mode, the columns and the reorder bar (gone while searching)
  // where the bar takes room: on phones, or beside a card's own controls. From sm up it overlays the
  // card's bottom edge, so a search's first keystroke keeps every row's measured height instead of
  // measuring all rows again, a forced layout per row.
  const wide = useWindowWidth() >= GRID_BREAKPOINTS[0];
  const barTakesRoom = !!handlers.onMove && (!wide || !!handlers.renderExtra);
  const layout = `${viewMode}:${columns}:${barTakesRoom ? 'move' : 'still'}`;
  const [memory] = useState(() => rowHeights ?? inMemory());
  const [measured] = useState(() => ({ current: memory.load() }));
  const [scrollToFn] = useState(skipAttachScroll);
  const virtualizer = useWindowVirtualizer({
    scrollToFn,
    count: scrollMargin === null ? 0 : rows.length,
    estimateSize: () => measured.current.get(layout) ?? ROW_ESTIMATE[barTakesRoom ? 'bar' : 'overlay'][viewMode],
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      if (size > 0) measured.current.set(layout, size);
      return size;
    },
    overscan: settled && queryPainted ? OVERSCAN_ROWS : 0,
    scrollMargin: scrollMargin ?? 0,
    // List rows sit close together (a dense list, one row a link).
    gap: viewMode === 'list' ? 6 : GRID_GAP_PX,
  });
  // Remembered for the next visit once the first screen (or a new layout) is measured.
  useEffect(() => {
    if (settled) memory.store(measured.current);
  }, [settled, layout, measured, memory]);
  // Sizes measured under another layout are wrong now: start again from this layout's estimate.
  const previousLayout = useRef(layout);
  useLayoutEffect(() => {
    if (previousLayout.current === layout) return;
    previousLayout.current = layout;
    virtualizer.measure();
  }, [layout, virtualizer]);
  const cardHandlers = useMoveFocus(listRef, links, columns, handlers, true);
  const placeOf = usePlaces(links, props.moveList, handlers);

  return (
    <GridFrame {...props} listRef={listRef} rowColumns={columns} style={{ height: virtualizer.getTotalSize() }}>
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
            {row.map((link, i) => (
              <GridCard
                key={i}
                link={link}
                {...placeOf(link, item.index * columns + i)}
                columns={columns}
                viewMode={props.viewMode}
                editing={props.editingId === link.id}
                moveBarLater={wide && !settled}
                handlers={cardHandlers}
              />
            ))}
          </div>
        );
      })}
    </GridFrame>
  );
}

/** Every link, in rows of `columns` (a dashboard section's few cards). */
function AllRows<L extends GridLink>(props: RowsProps<L>) {
  const { links, columns, handlers } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const cardHandlers = useMoveFocus(listRef, links, columns, handlers, false);
  const placeOf = usePlaces(links, props.moveList, handlers);
  return (
    <GridFrame {...props} listRef={listRef} grid>
      {links.map((link, slot) => (
        <GridCard
          key={slot}
          link={link}
          {...placeOf(link, slot)}
          columns={columns}
          viewMode={props.viewMode}
          editing={props.editingId === link.id}
          moveBarLater={false}
          handlers={cardHandlers}
        />
      ))}
    </GridFrame>
  );
}

/** The grid's element: its test hooks, the icon outline, and either rows placed inside it or one CSS grid. */
function GridFrame<L extends GridLink>({
  listRef,
  grid,
  rowColumns,
  style,
  children,
  ...props
}: RowsProps<L> & {
  listRef: RefObject<HTMLDivElement | null>;
  grid?: boolean;
  /** The columns of the rows placed inside (data-columns: tests and the benchmark read it). */
  rowColumns?: number;
  style?: React.CSSProperties;
  children: React.ReactNode;
}) {
  return (
    <div
      ref={listRef}
      data-testid={props.testId}
      data-view-mode={props.viewMode}
      data-query={props.query}
      data-columns={rowColumns}
      className={cn(
        grid ? 'grid gap-3' : 'relative w-full',
        props.outlineColor !== undefined &&
          '[&_article>div:first-child>button:first-child]:ring-2 [&_article>div:first-child>button:first-child]:ring-[var(--lv-outline)] [&_article>div:first-child>button:first-child]:ring-offset-1',
      )}
      style={{
        ...style,
        ...(grid ? { gridTemplateColumns: `repeat(${props.columns}, minmax(0, 1fr))` } : {}),
        ...(props.outlineColor !== undefined ? { ['--lv-outline' as string]: props.outlineColor } : {}),
      }}
    >
      {children}
    </div>
  );
}

/**
 * Each card's place in the list moves are counted in, and that list's length (0 while nothing can
 * move: a search's keystrokes then leave the cards' props alone).
 */
function usePlaces<L extends GridLink>(links: readonly L[], moveList: readonly L[] | undefined, handlers: LinkGridHandlers<L>) {
  // Built once per list (a dashboard section's is its whole folder, 10,000 links for 'Recently Saved').
  const positions = useMemo(() => (moveList ? new Map(moveList.map((link, i) => [link.id, i])) : null), [moveList]);
  const canMove = !!handlers.onMove;
  return (link: L, index: number): { position: number | undefined; length: number } => {
    if (!canMove) return { position: undefined, length: 0 };
    return positions && moveList
      ? { position: positions.get(link.id), length: moveList.length }
      : { position: index, length: links.length };
  };
}

/**
 * Cards are keyed by their slot, so a link the keyboard moves lands in another card than the one
 * that had focus: focus follows it to the same button (or its first one still enabled) once the
 * list shows it at its new place. Returns the handlers to give the cards.
 */
function useMoveFocus<L extends GridLink>(
  listRef: RefObject<HTMLDivElement | null>,
  links: readonly L[],
  columns: number,
  handlers: LinkGridHandlers<L>,
  inRows: boolean,
): LinkGridHandlers<L> {
  const follow = useRef<{ linkId: string; control: string; from: number } | null>(null);
  // The list the handlers below look positions up in: the one last committed.
  const linksNow = useRef(links);
  useLayoutEffect(() => {
    linksNow.current = links;
  }, [links]);
  const onMove = handlers.onMove;
  const cardHandlers = useMemo<LinkGridHandlers<L>>(() => {
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
    const list = listRef.current;
    const card =
      at < 0 || !list
        ? undefined
        : inRows
          ? list.querySelector(`[data-index="${Math.floor(at / columns)}"]`)?.children[at % columns]
          : list.children[at];
    if (!card || card.contains(document.activeElement)) return; // off screen: focus stays where it is
    (
      card.querySelector<HTMLElement>(`[data-card-control="${wanted.control}"]:not(:disabled)`) ??
      card.querySelector<HTMLElement>('[data-card-control^="move-"]:not(:disabled)')
    )?.focus();
  }, [links, columns, listRef, inRows]);
  return cardHandlers;
}

function Description({ text, compact }: { text: string | null | undefined; compact: boolean }) {
  if (!text || compact) return null;
  const shown = previewDescription(text);
  const cut = shown !== text;
  // The full text on hover (title); screen readers read the full text instead of the cut one. (A
  // focusable paragraph showed keyboard users nothing more: browsers show a title on hover only.)
  return (
    <>
      <p
        className="line-clamp-3 text-xs break-words text-muted-foreground"
        title={cut ? text : undefined}
        aria-hidden={cut || undefined}
        data-testid="link-description"
      >
        {shown}
      </p>
      {cut ? <p className="sr-only">{text}</p> : null}
    </>
  );
}

/** The page's preview image in gallery view (our stored copy; http(s) only). */
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

interface GridCardProps<L extends GridLink> {
  link: L;
  /** Its place in the list moves are counted in (undefined: it cannot move). */
  position: number | undefined;
  length: number;
  columns: number;
  viewMode: ViewMode | undefined;
  editing: boolean;
  /** The first screen from 640 px: the reorder bar comes in the next task (LinkCard). */
  moveBarLater: boolean;
  handlers: LinkGridHandlers<L>;
}

/**
 * One card; memoised so a keystroke re-renders only the cards whose link or place changed (the
 * handlers are stable), which keeps search inside a frame on large folders.
 */
const GridCard = memo(function GridCard<L extends GridLink>({
  link,
  position,
  length,
  columns,
  viewMode,
  editing,
  moveBarLater,
  handlers,
}: GridCardProps<L>) {
  const disabledMoves = useMemo(
    () => (handlers.onMove && position !== undefined ? disabledMovesAt(position, length, columns) : undefined),
    [handlers.onMove, position, length, columns],
  );
  const compact = viewMode === 'compact';
  return (
    <LinkCard
      link={link}
      className={cn(compact && 'p-2')}
      editing={editing}
      onOpen={handlers.onOpen}
      onShare={handlers.onShare}
      shareOff={handlers.shareOff}
      onEdit={handlers.onEdit}
      onDelete={handlers.onDelete}
      onMove={handlers.onMove}
      disabledMoves={disabledMoves}
      extraActions={handlers.extraActions}
      details={
        viewMode ? (
          <>
            {/* Keyed by link: a reused card never shows the previous link's picture while this one loads. */}
            {viewMode === 'gallery' ? <PreviewImage key={link.id} src={link.preview_image_url} /> : null}
            <Description text={link.description} compact={compact} />
          </>
        ) : undefined
      }
      ownControls={handlers.renderExtra?.(link)}
      tags={handlers.tagsOf?.(link.id)}
      onTagClick={handlers.onTagClick}
      moveBarLater={moveBarLater}
      dense={viewMode === 'list'}
    />
  );
}) as <L extends GridLink>(props: GridCardProps<L>) => React.JSX.Element;
