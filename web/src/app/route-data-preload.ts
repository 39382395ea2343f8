import { folderQueries } from '~shared/data/categories/folder.ts';
import { categoryQueries } from '~shared/data/categories/queries.ts';
import { linkQueries } from '~shared/data/links/queries.ts';
import { loadClient } from '../lib/load-client.ts';
import { queryClient } from './query-client.ts';
import { folderStartsWithFirstScreen } from '../lib/folder-prefs.ts';
import type { PreloadTarget } from './route-preload.ts';

/**
 * Starts the first page's queries (route-preload.ts) with the stored session's user: the page then
 * finds them in flight or done. The same query options as the pages, so keys and data are identical.
 * Settles once they are done (failed ones included: the page shows their errors itself).
 */
export async function preloadRouteData(target: PreloadTarget): Promise<void> {
  const client = await loadClient();
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return;
  if ('folderId' in target) {
    // As earlyCallsFor: the first screen's links in the Newest sort, else the whole list.
    const links = folderStartsWithFirstScreen()
      ? linkQueries.folderFirstScreen(client, userId, target.folderId)
      : linkQueries.folder(client, userId, target.folderId);
    await Promise.all([
      queryClient.prefetchQuery(folderQueries.context(client, userId, target.folderId)),
      queryClient.prefetchQuery(links),
    ]);
  } else {
    await Promise.all([
      queryClient.prefetchQuery(linkQueries.list(client, userId)),
      queryClient.prefetchQuery(categoryQueries.list(client, userId)),
    ]);
  }
}
