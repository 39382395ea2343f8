import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import type { FeaturedItem } from '~shared/data/studio/featured.ts';
import { studioQueries } from '~shared/data/studio/queries.ts';
import { FEATURED_ITEMS_MAX, FEATURED_TITLE_MAX, moveItem, opensLabel } from '~shared/rules/featured-links.ts';
import { displayHost } from '~shared/rules/url.ts';
import { Button } from '~shared/ui/button.tsx';
import { cn } from '~shared/ui/cn.ts';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { ChevronDownIcon, FolderIcon, LoaderIcon, PlusIcon, SearchIcon, TrashIcon } from '~shared/ui/icons.tsx';
import { LinkIcon } from '~shared/ui/link-icon.tsx';
import type { TabProps } from './tab-props.ts';

/** How long the search waits after typing before asking. */
const SEARCH_DELAY_MS = 300;

const keyOf = (item: Pick<FeaturedItem, 'link_id' | 'category_id'>) => item.link_id ?? `folder:${item.category_id}`;

function DragHandle() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
    </svg>
  );
}

/**
 * 'Featured Links': the links and folders the public page's links section shows, in order. Search
 * the owner's links (the search box's grammar) or pick a folder; reorder by dragging or with the
 * move buttons; an optional title per item; each item's opens so far.
 */
export function FeaturedLinksTab({ draft, update, errors, userId }: TabProps & { userId: string }) {
  const client = useDataClient();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [folderId, setFolderId] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  useEffect(() => {
    const handle = setTimeout(() => setAsked(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [text]);
  const search = useQuery({ ...studioQueries.featuredSearch(client, userId, asked), enabled: asked.length > 0 });
  const folders = useQuery(categoryQueries.list(client, userId));

  const items = draft.featured;
  const full = items.length >= FEATURED_ITEMS_MAX;
  const chosen = new Set(items.map(keyOf));
  const setItems = (next: (items: FeaturedItem[]) => FeaturedItem[]) => update((d) => ({ featured: next(d.featured) }));
  const add = (item: FeaturedItem) =>
    setItems((list) => (list.length >= FEATURED_ITEMS_MAX || list.some((i) => keyOf(i) === keyOf(item)) ? list : [...list, item]));
  const move = (from: number, to: number) => setItems((list) => moveItem(list, from, to));
  const patch = (index: number, value: Partial<FeaturedItem>) =>
    setItems((list) => list.map((item, i) => (i === index ? { ...item, ...value } : item)));

  const addFolder = () => {
    const folder = folders.data?.find((f) => f.id === folderId);
    if (!folder) return;
    add({
      link_id: null,
      category_id: folder.id,
      custom_title: null,
      image_url: null,
      open_count: 0,
      name: folder.name,
      url: null,
      favicon_url: null,
      preview_image_url: null,
    });
    setFolderId('');
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-3 lg:grid-cols-[1fr_16rem]">
        <div className="grid gap-2">
          <label className="text-sm font-medium" htmlFor="featured-search">
            Add links
          </label>
          <div className="relative">
            <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
            <input
              id="featured-search"
              type="search"
              className={cn(CONTROL_CLASS, 'pl-9')}
              placeholder="Search your links (title, site:, tag:, folder:)"
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="featured-search"
            />
          </div>
          {asked ? (
            <div className="max-h-72 overflow-y-auto rounded-lg border border-border" data-testid="featured-results">
              {search.isPending ? (
                <p className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
                  <LoaderIcon size={14} className="animate-spin" /> Searching…
                </p>
              ) : search.isError ? (
                <p className="p-3 text-sm text-destructive">Search failed. Please try again.</p>
              ) : search.data.links.length === 0 ? (
                <p className="p-3 text-sm text-muted-foreground">No links match.</p>
              ) : (
                <ul className="divide-y divide-border">
                  {search.data.links.map((link) => {
                    const added = chosen.has(link.id);
                    return (
                      <li key={link.id} className="flex items-center gap-3 px-3 py-2">
                        <LinkIcon
                          iconUrl={link.icon_url}
                          faviconUrl={link.favicon_url}
                          url={link.url}
                          title={link.title}
                          className="h-8 w-8"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium">{link.title}</span>
                          <span className="block truncate text-xs text-muted-foreground">{displayHost(link.url)}</span>
                        </span>
                        <Button
                          size="sm"
                          variant={added ? 'ghost' : 'outline'}
                          disabled={added || full}
                          aria-label={added ? `${link.title} is featured` : `Feature ${link.title}`}
                          onClick={() =>
                            add({
                              link_id: link.id,
                              category_id: null,
                              custom_title: null,
                              image_url: null,
                              open_count: 0,
                              name: link.title,
                              url: link.url,
                              favicon_url: link.favicon_url,
                              preview_image_url: link.preview_image_url,
                            })
                          }
                        >
                          {added ? (
                            'Added'
                          ) : (
                            <>
                              <PlusIcon size={14} /> Add
                            </>
                          )}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          ) : null}
        </div>
        <div className="grid content-start gap-2">
          <label className="text-sm font-medium" htmlFor="featured-folder">
            Add a whole folder
          </label>
          <div className="flex gap-2">
            <select
              id="featured-folder"
              className={cn(CONTROL_CLASS, 'min-w-0 flex-1')}
              value={folderId}
              onChange={(e) => setFolderId(e.target.value)}
              data-testid="featured-folder-select"
            >
              <option value="">Choose a folder…</option>
              {(folders.data ?? []).map((f) => (
                <option key={f.id} value={f.id} disabled={chosen.has(`folder:${f.id}`)}>
                  {f.name}
                </option>
              ))}
            </select>
            <Button variant="outline" onClick={addFolder} disabled={!folderId || full}>
              <PlusIcon size={14} /> Add
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">A folder shows its newest links as one group.</p>
        </div>
      </div>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="text-sm font-semibold">Shown on your page</h2>
          <span
            className={cn('text-xs tabular-nums', full ? 'font-medium text-foreground' : 'text-muted-foreground')}
            data-testid="featured-count"
          >
            {items.length}/{FEATURED_ITEMS_MAX}
          </span>
        </div>
        {errors.featured ? <p className="text-xs font-medium text-destructive">{errors.featured}</p> : null}
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No featured links yet. Search your links above, or add a folder.
          </p>
        ) : (
          <ol className="grid gap-2" data-testid="featured-list" aria-label="Featured links, in page order">
            {items.map((item, index) => {
              const titleError = errors[`featured.${index}.custom_title`];
              return (
                <li
                  key={keyOf(item)}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = 'move';
                    e.dataTransfer.setData('text/plain', String(index));
                    setDragFrom(index);
                  }}
                  onDragOver={(e) => {
                    e.preventDefault();
                    setDropAt(index);
                  }}
                  onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
                  onDrop={(e) => {
                    e.preventDefault();
                    const from = dragFrom ?? Number(e.dataTransfer.getData('text/plain'));
                    if (Number.isInteger(from)) move(from, index);
                    setDragFrom(null);
                    setDropAt(null);
                  }}
                  onDragEnd={() => {
                    setDragFrom(null);
                    setDropAt(null);
                  }}
                  className={cn(
                    'flex flex-wrap items-center gap-3 rounded-lg border border-border bg-background p-2 sm:flex-nowrap',
                    dragFrom === index && 'opacity-50',
                    dropAt === index && dragFrom !== index && 'border-primary ring-1 ring-primary',
                  )}
                  data-testid="featured-row"
                  data-key={keyOf(item)}
                >
                  <span className="cursor-grab px-1 text-muted-foreground" title="Drag to reorder">
                    <DragHandle />
                  </span>
                  {item.category_id ? (
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                      <FolderIcon size={16} />
                    </span>
                  ) : (
                    <LinkIcon
                      iconUrl={item.image_url}
                      faviconUrl={item.favicon_url}
                      url={item.url ?? ''}
                      title={item.name}
                      className="h-8 w-8"
                    />
                  )}
                  <div className="min-w-0 flex-1 basis-48">
                    <input
                      className={cn(CONTROL_CLASS, 'h-8 text-sm', titleError && 'border-destructive')}
                      value={item.custom_title ?? ''}
                      placeholder={item.name}
                      maxLength={FEATURED_TITLE_MAX + 20}
                      onChange={(e) => patch(index, { custom_title: e.target.value || null })}
                      aria-label={`Title shown for ${item.name}`}
                      data-testid="featured-title"
                    />
                    <p className="mt-0.5 truncate text-xs text-muted-foreground">
                      {item.category_id ? 'Folder' : displayHost(item.url)} ·{' '}
                      <span data-testid="featured-opens">{opensLabel(item.open_count)}</span>
                    </p>
                    {titleError ? <p className="text-xs font-medium text-destructive">{titleError}</p> : null}
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => move(index, index - 1)}
                      disabled={index === 0}
                      aria-label={`Move ${item.name} up`}
                    >
                      <ChevronDownIcon size={16} className="rotate-180" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => move(index, index + 1)}
                      disabled={index === items.length - 1}
                      aria-label={`Move ${item.name} down`}
                    >
                      <ChevronDownIcon size={16} />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setItems((list) => list.filter((_, i) => i !== index))}
                      aria-label={`Remove ${item.name}`}
                    >
                      <TrashIcon size={14} />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <p className="text-xs text-muted-foreground">
          Drag a row, or use the arrows, to change the order. Icons and thumbnails are chosen on the next tab.
        </p>
      </div>
    </div>
  );
}
