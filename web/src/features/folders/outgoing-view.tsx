import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OUTGOING_SECTION_NAME } from '~shared/constants.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { shareQueries } from '~shared/data/shares/queries.ts';
import { searchOutgoingShares } from '~shared/rules/outgoing-shares.ts';
import { formatCount } from '~shared/rules/text.ts';
import { SendIcon } from '~shared/ui/icons.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { LinkSearchBox } from '../../components/link-search-box.tsx';
import { FolderHeader } from './folder-header.tsx';
import { FolderShell } from './folder-shell.tsx';
import { FolderLoadError, GridSkeleton } from './folder-states.tsx';
import { OutgoingShareRow } from './outgoing-share-row.tsx';

/** '12 shares', or '3 of 12 shares' while a search narrows them. */
function outgoingCountLine(shown: number, total: number, searching: boolean): string {
  const noun = total === 1 ? 'share' : 'shares';
  return searching ? `${formatCount(shown)} of ${formatCount(total)} ${noun}` : `${formatCount(total)} ${noun}`;
}

/**
 * /category/outgoing-category: every link the user shared, to whom, when, how and what became of
 * it (pending, accepted, rejected), newest first, with search.
 */
export function OutgoingView({ userId }: { userId: string }) {
  const client = useDataClient();
  const navigate = useNavigate();
  const shares = useQuery(shareQueries.outgoing(client, userId));
  const [query, setQuery] = useState('');
  useDocumentMeta({ title: pageTitle(OUTGOING_SECTION_NAME) });

  const all = shares.data;
  const shown = useMemo(() => (all ? searchOutgoingShares(all, query) : []), [all, query]);
  const searching = query.trim() !== '';
  const total = all?.length ?? 0;

  return (
    <FolderShell>
      <FolderHeader
        crumbs={[]}
        name={OUTGOING_SECTION_NAME}
        icon={
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-500" aria-hidden="true">
            <SendIcon className="h-6 w-6" />
          </span>
        }
        count={all ? outgoingCountLine(shown.length, total, searching) : 'Loading…'}
        onHome={() => navigate('/dashboard')}
      />
      <section aria-label="Shared links" className="grid gap-3" data-testid="outgoing-shares">
        <LinkSearchBox value={query} onChange={setQuery} className="w-full sm:w-80" testId="outgoing-search" />
        {shares.isError ? (
          <FolderLoadError onRetry={() => void shares.refetch()} message="Your shared links could not be loaded." />
        ) : !all ? (
          <GridSkeleton />
        ) : total === 0 ? (
          <p className="rounded-xl border border-border bg-card/95 p-6 text-center text-sm text-muted-foreground">
            Links you share appear here.
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-border bg-card/95 p-6 text-center text-sm text-muted-foreground" role="status">
            No shared links match your search.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Links you shared">
            {shown.map((share) => (
              <OutgoingShareRow key={share.id} share={share} />
            ))}
          </ul>
        )}
      </section>
    </FolderShell>
  );
}
