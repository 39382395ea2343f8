import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDataClient } from '~shared/data/provider.tsx';
import { errorToast } from '~shared/data/errors.ts';
import { searchParams, searchQueries } from '~shared/data/search/queries.ts';
import { SEARCH_PAGE_MAX } from '~shared/rules/search-limits.ts';
import { noLinksMatch } from '~shared/messages.ts';
import { isEmptySearchQuery, parseSearchQuery } from '~shared/rules/search-query.ts';
import { formatCount } from '~shared/rules/text.ts';
import { Button } from '~shared/ui/button.tsx';
import { LinkGrid, type GridLink, type LinkGridHandlers } from '../../components/link-grid.tsx';

const PAGE = 50;

interface SearchResultsProps {
  userId: string;
  /** The committed search (the URL's `?q=`). */
  text: string;
  /** The loaded links the local filter matches, shown until the server answers. */
  localMatches: readonly GridLink[];
  columns: number;
  handlers: LinkGridHandlers;
  onClear: () => void;
}

/**
 * The server's answer to the box (search_links over every link: notes, descriptions, typos), ranked,
 * as link cards. Until it answers, the loaded links the local filter matched stand in.
 */
export function SearchResults(props: SearchResultsProps) {
  // A new search starts from the first page.
  return <Results key={props.text} {...props} />;
}

function Results({ userId, text, localMatches, columns, handlers, onClear }: SearchResultsProps) {
  const client = useDataClient();
  const [limit, setLimit] = useState(PAGE);
  const query = useMemo(() => parseSearchQuery(text), [text]);
  const empty = isEmptySearchQuery(query);
  const search = useQuery({ ...searchQueries.results(client, userId, searchParams(query, { limit })), enabled: !empty });
  const answer = search.data;
  // Chips of links the list has not loaded (a new tag on another device) come with the answer.
  const hitTags = useMemo(() => new Map((answer?.links ?? []).map((hit) => [hit.id, hit.tags])), [answer]);
  const gridHandlers = useMemo<LinkGridHandlers>(
    () => ({ ...handlers, tagsOf: (id) => handlers.tagsOf?.(id) ?? hitTags.get(id) }),
    [handlers, hitTags],
  );
  if (empty) return null;
  const links = answer ? answer.links : localMatches.slice(0, limit);
  const total = answer ? answer.total : null;
  const failed = search.isError && !answer;

  return (
    <section
      aria-labelledby="search-results-title"
      aria-busy={search.isFetching || undefined}
      data-testid="search-results"
      data-state={failed ? 'error' : answer ? (search.isPlaceholderData ? 'updating' : 'done') : 'local'}
      className="grid gap-3 rounded-xl border border-border bg-card/95 p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="search-results-title" className="text-base font-semibold tracking-tight">
          Search results
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="search-total" aria-live="polite">
          {failed
            ? 'Showing loaded links only'
            : total === null
              ? 'Searching all your links…'
              : `${formatCount(total)} ${total === 1 ? 'link' : 'links'}`}
        </p>
      </div>
      {answer?.fuzzy && answer.links.length > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="search-fuzzy">
          No exact matches: showing links with similar words.
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {errorToast('search.run', search.error).description ?? 'Search failed.'}{' '}
          <button type="button" className="font-medium underline" onClick={() => void search.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {links.length > 0 ? (
        <LinkGrid links={links} columns={columns} handlers={gridHandlers} query={text} testId="search-results-grid" />
      ) : total === 0 || (failed && links.length === 0) ? (
        <div className="grid justify-items-start gap-2 py-2" data-testid="search-empty">
          <p className="text-sm">{noLinksMatch(text)}.</p>
          <p className="text-xs text-muted-foreground">Check the spelling, remove a filter, or search for fewer words.</p>
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear search
          </Button>
        </div>
      ) : null}
      {total !== null && links.length < total && limit < SEARCH_PAGE_MAX ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          disabled={search.isFetching}
          onClick={() => setLimit((n) => Math.min(SEARCH_PAGE_MAX, n + PAGE))}
        >
          Show more
        </Button>
      ) : null}
    </section>
  );
}
