import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { REORDER_DIRECTIONS, type ReorderDirection } from '../rules/reorder.ts';
import { formatDisplayDate } from '../rules/date-format.ts';
import { safeHref } from '../rules/url.ts';
import { LinkIcon } from './link-icon.tsx';
import { cn } from './cn.ts';
import { TrashIcon } from './icons.tsx';

export interface LinkCardLink {
  id: string;
  title: string;
  url: string;
  icon_url: string | null;
  /** Stored copies of the page's favicon and preview image (external hosts may be slow or gone). */
  favicon_url?: string | null;
  preview_image_url?: string | null;
  created_at: string;
  access_count: number;
  share_count: number;
}

/** 'address': the link's address was clicked, which opens as the user's General settings say (new tab or same one). */
export type OpenMode = 'same-page' | 'new-window' | 'address';

export interface LinkCardProps {
  link: LinkCardLink;
  /** Count the view first (increment_link_access), then navigate; the card does not navigate itself. */
  onOpen: (link: LinkCardLink, mode: OpenMode) => void;
  onShare?: (link: LinkCardLink) => void;
  /** Why sharing is off (the user's privacy switches): 'Share Link' shows greyed out with this reason. */
  shareOff?: string;
  onEdit?: (link: LinkCardLink) => void;
  onDelete?: (link: LinkCardLink) => void;
  /** Shows the reorder buttons on hover/focus; a direction that cannot move is passed as disabled. */
  onMove?: (link: LinkCardLink, direction: ReorderDirection) => void;
  disabledMoves?: ReadonlySet<ReorderDirection>;
  /** The link being edited (orange highlight). */
  editing?: boolean;
  className?: string;
  /** More menu items after the standard ones (e.g. the folder view's 'Copy to folder'). */
  extraActions?: ReadonlyArray<{ label: string; onSelect: (link: LinkCardLink) => void }>;
  /** Shown under the URL (e.g. the folder view's description preview). */
  details?: ReactNode;
  /** Buttons of the card's own under the details (e.g. 'Approve'): the reorder bar then stays in the flow, never over them. */
  ownControls?: ReactNode;
  /**
   * Leaves the reorder bar out for now. From 640 px (sm) it is an overlay shown only on hover or
   * keyboard focus, so a grid's first screen can skip it and add it in the next task: it is a third
   * of a card's elements, which counts in large folders. Ignored where the bar takes room (beside ownControls).
   */
  moveBarLater?: boolean;
  /** One row a link (the folder's list view): a small icon, the title over its URL and figures, no details. */
  dense?: boolean;
  /** The link's tags (names, sorted), shown as small chips. */
  tags?: readonly string[];
  /** A tag chip was pressed (the dashboard searches `tag:name`); without it the chips are plain labels. */
  onTagClick?: (name: string) => void;
}

/** Chips shown on a card; the rest is a '+N' (the whole list is in the chip row's title). */
const CARD_TAGS_SHOWN = 4;

const MOVE_LABELS: Record<ReorderDirection, string> = {
  beginning: 'Beginning',
  left: 'Left',
  up: 'Up',
  down: 'Down',
  right: 'Right',
  end: 'End',
};
const MOVE_GLYPHS: Record<ReorderDirection, string> = { beginning: '⇤', left: '←', up: '↑', down: '↓', right: '→', end: '⇥' };

const MENU_TRIGGER = 'shrink-0 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const MENU_ITEM =
  'flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground';

/** One link in the grid (part 1 §2): icon menu, title, URL, date, views and shares, reorder on hover. */
export function LinkCard({
  link,
  onOpen,
  onShare,
  shareOff,
  onEdit,
  onDelete,
  onMove,
  disabledMoves,
  editing,
  className,
  extraActions,
  details,
  ownControls,
  moveBarLater,
  dense,
  tags,
  onTagClick,
}: LinkCardProps) {
  const href = safeHref(link.url);
  // Roving tab index: the card is one tab stop; arrow keys move between its controls.
  const controls: string[] = ['menu'];
  if (href) controls.push('url');
  const shownTags = tags?.slice(0, CARD_TAGS_SHOWN) ?? [];
  if (onTagClick) shownTags.forEach((_, i) => controls.push(`tag-${i}`));
  if (onDelete) controls.push('delete');
  if (onMove) for (const direction of REORDER_DIRECTIONS) if (!disabledMoves?.has(direction)) controls.push(`move-${direction}`);
  const [activeControl, setActiveControl] = useState('menu');
  const active = controls.includes(activeControl) ? activeControl : 'menu';
  // The card's controls handle the arrow keys themselves (the <article> is not a widget).
  const onControlKeyDown = (event: KeyboardEvent<HTMLElement>, current: string) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // The menu trigger opens its menu on ArrowDown.
    if (current === 'menu' && event.key === 'ArrowDown') return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const index = controls.indexOf(current);
    if (index === -1) return;
    let next: number;
    if (step !== undefined) next = (index + step + controls.length) % controls.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = controls.length - 1;
    else return;
    event.preventDefault();
    setActiveControl(controls[next]);
    event.currentTarget.closest('article')?.querySelector<HTMLElement>(`[data-card-control="${controls[next]}"]`)?.focus();
  };
  const stop = (key: string) => ({
    tabIndex: key === active ? 0 : -1,
    'data-card-control': key,
    onFocus: () => setActiveControl(key),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => onControlKeyDown(event, key),
  });
  // The menu mounts on first use (see the plain trigger below) and then stays.
  const [menuReady, setMenuReady] = useState(false);
  // Open for one link: a grid that reuses a card for another link (search results keyed by slot, so
  // large folders re-render fast) must not leave a menu open whose items would act on the new link.
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(null);
  const menuOpen = menuOpenFor === link.id;
  const setMenuOpen = (open: boolean) => setMenuOpenFor(open ? link.id : null);
  // 'Edit Link' hands focus to the form: it runs once the menu has closed (an open menu traps focus),
  // and the closing menu does not take focus back to its trigger.
  const afterCloseRef = useRef<(() => void) | null>(null);
  // The open menu takes focus; on close Radix returns it to the (now Radix) trigger.
  const openMenu = () => {
    setMenuReady(true);
    setMenuOpen(true);
  };
  // A card reused for another link (a search's results keyed by slot) updates its icon in place; the
  // icon's image is keyed by its source, so the previous link's picture is never shown meanwhile.
  const icon = (
    <LinkIcon
      iconUrl={link.icon_url}
      faviconUrl={link.favicon_url}
      url={link.url}
      title={link.title}
      className={dense ? '!h-8 !w-8 text-sm' : undefined}
    />
  );
  const item = (label: string, action: (() => void) | undefined): ReactNode =>
    action ? (
      <DropdownMenu.Item className={MENU_ITEM} onSelect={action}>
        {label}
      </DropdownMenu.Item>
    ) : null;
  const url = href ? (
    <a
      {...stop('url')}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        onOpen(link, 'address');
      }}
      className="block truncate text-xs text-primary hover:underline"
    >
      {link.url}
    </a>
  ) : (
    <span className="block truncate text-xs text-muted-foreground">{link.url}</span>
  );
  const tagRow =
    shownTags.length > 0 ? (
      <ul
        aria-label="Tags"
        className={cn('flex min-w-0 gap-1', dense ? 'shrink-0 flex-nowrap' : 'flex-wrap')}
        title={tags && tags.length > shownTags.length ? tags.join(', ') : undefined}
        data-testid="card-tags"
      >
        {shownTags.map((name, i) => (
          <li key={name} className="min-w-0">
            {onTagClick ? (
              <button
                type="button"
                {...stop(`tag-${i}`)}
                onClick={() => onTagClick(name)}
                aria-label={`Show links tagged ${name}`}
                className="block max-w-40 truncate rounded-full border border-border bg-muted/60 px-2 py-0.5 text-[11px] leading-4 text-muted-foreground hover:border-primary/50 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                #{name}
              </button>
            ) : (
              <span className="block max-w-40 truncate rounded-full border border-border bg-muted/60 px-2 py-0.5 text-[11px] leading-4 text-muted-foreground">
                #{name}
              </span>
            )}
          </li>
        ))}
        {tags && tags.length > shownTags.length ? (
          <li className="px-1 text-[11px] leading-5 text-muted-foreground">+{tags.length - shownTags.length}</li>
        ) : null}
      </ul>
    ) : null;
  const stats = (
    <dl className={cn('flex gap-x-3 gap-y-1 text-xs text-muted-foreground', dense ? 'shrink-0' : 'flex-wrap')}>
      <div className="flex gap-1">
        <dt className="sr-only">Created</dt>
        <dd>{formatDisplayDate(link.created_at)}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Views</dt>
        <dd>{link.access_count}</dd>
      </div>
      <div className="flex gap-1">
        <dt>Shares</dt>
        <dd>{link.share_count}</dd>
      </div>
    </dl>
  );
  return (
    <article
      aria-label={link.title}
      aria-roledescription="link card"
      aria-keyshortcuts="ArrowLeft ArrowRight"
      data-editing={editing || undefined}
      className={cn(
        'group relative flex min-w-0 rounded-lg border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md focus-within:shadow-md',
        dense ? 'flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5 sm:flex-nowrap' : 'flex-col gap-2 p-3',
        editing && 'border-warning ring-2 ring-warning/40',
        className,
      )}
    >
      <div className={cn('flex gap-3', dense ? 'min-w-0 flex-1 items-center' : 'items-start')}>
        {menuReady ? (
          <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <DropdownMenu.Trigger {...stop('menu')} className={MENU_TRIGGER} aria-label={`Actions for ${link.title}`}>
              {icon}
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={4}
                onCloseAutoFocus={(event) => {
                  const action = afterCloseRef.current;
                  if (!action) return;
                  afterCloseRef.current = null;
                  event.preventDefault();
                  action();
                }}
                className="lv-animate-in z-50 min-w-48 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
              >
                {href ? item('Go to Site (Same Page)', () => onOpen(link, 'same-page')) : null}
                {href ? item('Go to Site (Pop-up Window)', () => onOpen(link, 'new-window')) : null}
                {onShare && shareOff ? (
                  <DropdownMenu.Item
                    disabled
                    className={cn(MENU_ITEM, 'flex-col items-start gap-0.5 opacity-50')}
                    title={shareOff}
                    data-testid="share-off"
                  >
                    <span>Share Link</span>
                    <span className="text-xs text-muted-foreground">{shareOff}</span>
                  </DropdownMenu.Item>
                ) : (
                  item('Share Link', onShare && (() => onShare(link)))
                )}
                {onEdit ? (
                  <DropdownMenu.Item
                    className={MENU_ITEM}
                    onSelect={() => {
                      afterCloseRef.current = () => onEdit(link);
                    }}
                  >
                    Edit Link
                  </DropdownMenu.Item>
                ) : null}
                {item('Delete Link', onDelete && (() => onDelete(link)))}
                {extraActions?.map((action) => (
                  <DropdownMenu.Item key={action.label} className={MENU_ITEM} onSelect={() => action.onSelect(link)}>
                    {action.label}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : (
          // Until first used, the menu is a plain button: a Radix menu per card made search re-renders
          // of large folders slow. Pressing it mounts and opens the real menu.
          <button
            type="button"
            {...stop('menu')}
            className={MENU_TRIGGER}
            aria-label={`Actions for ${link.title}`}
            aria-haspopup="menu"
            aria-expanded={false}
            onPointerDown={(event) => {
              if (event.button !== 0 || event.ctrlKey) return;
              // As Radix's trigger does: no focus move on press, the menu takes focus.
              event.preventDefault();
              openMenu();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
                event.preventDefault();
                openMenu();
              } else {
                onControlKeyDown(event, 'menu');
              }
            }}
          >
            {icon}
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold" title={link.title}>
            {link.title}
          </h3>
          {dense ? (
            <div className="flex min-w-0 items-center gap-3">
              {url}
              {tagRow}
              {stats}
            </div>
          ) : (
            url
          )}
        </div>
        {onDelete ? (
          // A CSS tooltip (shown on hover and keyboard focus): a Radix tooltip per card cost as much as the menu.
          <span className="group/delete relative">
            <button
              type="button"
              {...stop('delete')}
              onClick={() => onDelete(link)}
              aria-label="Delete link"
              className="rounded p-1 text-muted-foreground opacity-70 hover:bg-destructive/10 hover:text-destructive hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <TrashIcon size={16} />
            </button>
            <span
              role="tooltip"
              className="pointer-events-none invisible absolute right-0 bottom-full z-50 mb-1 rounded bg-foreground px-2 py-1 text-xs whitespace-nowrap text-background opacity-0 shadow transition-opacity delay-300 group-hover/delete:visible group-hover/delete:opacity-100 group-focus-within/delete:visible group-focus-within/delete:opacity-100"
            >
              Delete link
            </span>
          </span>
        ) : null}
      </div>
      {dense ? null : details}
      {dense ? null : tagRow}
      {ownControls}
      {dense ? null : stats}
      {onMove && !(moveBarLater && !ownControls) ? (
        <div
          role="group"
          aria-label={`Move ${link.title}`}
          data-testid="card-move-bar"
          // Wide screens: an overlay along the card's bottom edge while hovered or focused, so the
          // card has no empty band under the stats line; phones (no hover) show it in the flow.
          className={
            ownControls
              ? 'flex flex-wrap gap-1'
              : dense
                ? 'flex w-full flex-wrap gap-1 sm:absolute sm:inset-y-0 sm:right-0 sm:w-auto sm:items-center sm:rounded-r-lg sm:border-l sm:border-border sm:bg-card sm:px-2 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100'
                : 'flex flex-wrap gap-1 opacity-100 transition-opacity sm:absolute sm:inset-x-0 sm:bottom-0 sm:rounded-b-lg sm:border-t sm:border-border sm:bg-card/95 sm:px-3 sm:py-1.5 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100'
          }
        >
          {REORDER_DIRECTIONS.map((direction) => (
            <button
              key={direction}
              {...stop(`move-${direction}`)}
              type="button"
              onClick={() => onMove(link, direction)}
              disabled={disabledMoves?.has(direction)}
              aria-label={MOVE_LABELS[direction]}
              title={MOVE_LABELS[direction]}
              className="h-7 min-w-7 rounded border border-border px-1.5 text-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-40"
            >
              <span aria-hidden="true">{MOVE_GLYPHS[direction]}</span>
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
