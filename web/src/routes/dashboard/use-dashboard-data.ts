import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentBackgroundQueries } from '~shared/data/backgrounds/current.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { incomingQueries } from '~shared/data/incoming/queries.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { shareQueries } from '~shared/data/shares/queries.ts';
import { showErrorToast } from '~shared/ui/toast.ts';

/**
 * Everything the dashboard reads, each from the shared data layer's cache: links, folders, the
 * pending received shares, the user's outgoing shares and the chosen backgrounds.
 */
export function useDashboardData(userId: string) {
  const client = useDataClient();
  const links = useQuery(linkQueries.list(client, userId));
  const categories = useQuery(categoryQueries.list(client, userId));
  const incoming = useQuery(incomingQueries.list(client, userId, 'pending'));
  const outgoing = useQuery(shareQueries.outgoing(client, userId));
  const backgrounds = useQuery(currentBackgroundQueries.all(client, userId));

  // part 1 §8: the grid's load failure is shown; the shared-links queries' errors are only logged.
  useEffect(() => {
    if (links.isError || categories.isError) showErrorToast('links.load', links.error ?? categories.error);
  }, [links.isError, categories.isError, links.error, categories.error]);
  useEffect(() => {
    if (incoming.isError) console.warn('incoming shares not loaded', incoming.error);
    if (outgoing.isError) console.warn('outgoing shares not loaded', outgoing.error);
  }, [incoming.isError, incoming.error, outgoing.isError, outgoing.error]);
  useEffect(() => {
    if (backgrounds.isError) showErrorToast('backgrounds.load', backgrounds.error);
  }, [backgrounds.isError, backgrounds.error]);

  return { links, categories, incoming, outgoing, backgrounds };
}
