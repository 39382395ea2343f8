import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { displayHost } from '~shared/rules/url.ts';
import { SearchIcon } from '~shared/ui/icons.tsx';
import { useFocusOnMount } from '~shared/ui/use-focus-on-mount.ts';
import { searchCachedLinks, type CachedLink } from '../../../lib/link-cache.ts';

/** Rows shown for a search; the list scrolls. */
const RESULT_LIMIT = 30;
/** Recent links shown under an empty box (the save form stays in view below). */
const RECENT_LIMIT = 3;
/** `npm run bench:extension` reads these measures: keystroke → results on screen. */
export const SEARCH_MEASURE = 'linkvault:search';

interface LinkSearchProps {
  /** The cached links, newest first; null while the cache is being read. */
  links: readonly CachedLink[] | null;
  query: string;
  onQueryChange: (query: string) => void;
  /** Enter: a new tab; Shift+Enter: the current tab. */
  onOpen: (link: CachedLink, inCurrentTab: boolean) => void;
}

/**
 * Find and open: a search box over all the user's links (the web app's word/prefix rule), from the
 * local cache. Keyboard only: type, ↑/↓, Enter opens in a new tab, Shift+Enter in this tab.
 * Empty, it lists the most recent links.
 */
export function LinkSearch({ links, query, onQueryChange, onOpen }: LinkSearchProps) {
  const listId = useId();
  const [active, setActive] = useState(0);
  const typedAt = useRef<number | null>(null);
  // The popup opens ready to type.
  const inputRef = useFocusOnMount<HTMLInputElement>(true);
  const searching = query.trim().length > 0;
  const results = useMemo(
    () => (links ? searchCachedLinks(links, query, searching ? RESULT_LIMIT : RECENT_LIMIT) : []),
    [links, query, searching],
  );
  const current = Math.min(active, Math.max(0, results.length - 1));

  useLayoutEffect(() => {
    if (typedAt.current === null) return;
    performance.measure(SEARCH_MEASURE, { start: typedAt.current, end: performance.now() });
    typedAt.current = null;
  }, [results]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const link = results[current];
      if (link) onOpen(link, event.shiftKey);
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      onQueryChange('');
    }
  }

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <section aria-label="Find a link" className="grid gap-2">
      <div className="relative">
        <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" />
        <input
          type="search"
          role="combobox"
          aria-label="Search your links"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results.length > 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
          ref={inputRef}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search links..."
          value={query}
          onChange={(event) => {
            typedAt.current = performance.now();
            setActive(0);
            onQueryChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          className="block h-10 w-full rounded-lg border border-input bg-background pr-3 pl-9 text-sm text-foreground shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      {searching || results.length > 0 ? (
        <div className="grid gap-1">
          <p className="px-1 text-[11px] font-medium tracking-wide text-muted-foreground uppercase" aria-live="polite">
            {searching
              ? links === null
                ? 'Loading your links…'
                : `${results.length === RESULT_LIMIT ? `${RESULT_LIMIT}+` : results.length} ${results.length === 1 ? 'match' : 'matches'}`
              : 'Recent'}
          </p>
          <ul
            id={listId}
            role="listbox"
            aria-label={searching ? 'Matching links' : 'Recent links'}
            className={`grid gap-0.5 ${searching ? 'max-h-[420px] overflow-y-auto' : ''}`}
            data-testid="search-results"
          >
            {results.map((link, index) => (
              // The keyboard drives the list through the box (aria-activedescendant); a click also opens.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={link.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                onMouseDown={(event) => event.preventDefault()}
                onClick={(event) => onOpen(link, event.shiftKey)}
                onMouseMove={() => index !== current && setActive(index)}
                className={`flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm ${
                  index === current ? 'bg-accent text-accent-foreground' : 'text-foreground'
                }`}
              >
                <span className="min-w-0 flex-1 truncate font-medium" title={link.title}>
                  {link.title}
                </span>
                <span className="max-w-[40%] shrink-0 truncate text-xs text-muted-foreground">{displayHost(link.url)}</span>
              </li>
            ))}
          </ul>
          {searching && links !== null && results.length === 0 ? (
            <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">
              No links match “{query.trim()}”.
            </p>
          ) : null}
          {searching && results.length > 0 ? (
            <p className="px-1 text-[11px] text-muted-foreground">
              <kbd className="font-mono">Enter</kbd> opens in a new tab · <kbd className="font-mono">Shift+Enter</kbd> in this tab
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
