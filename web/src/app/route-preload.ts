import { loadClient } from './load-client.ts';
import { hasStoredSession } from './session/stored-session.ts';

const FOLDER_PATH = /^\/category\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const DASHBOARD_PATH = /^\/dashboard\/?$/;

/** What the first page needs before it can show data: a folder's id, or the dashboard. */
export type PreloadTarget = { folderId: string } | { dashboard: true };

export function preloadTargetFor(pathname: string): PreloadTarget | null {
  const folder = FOLDER_PATH.exec(pathname);
  if (folder) return { folderId: folder[1] };
  return DASHBOARD_PATH.test(pathname) ? { dashboard: true } : null;
}

export const ignore = () => {
  // A failed preload changes nothing: the route loads its chunk and data itself.
};

/**
 * First page load of a signed-in folder or the dashboard (issue 11 'Scale'): React reaches the page
 * only after a chain of lazy chunks (data providers → supabase-js → signed-in layout → page), and the
 * page asked for its data only once it rendered. Here supabase-js and route-data-preload.ts start at
 * once; that module requests the rest of the chain and the page's queries in parallel. (The chunk
 * imports live there, not here: this module is in the entry chunk every page loads.)
 */
export function preloadInitialRoute(pathname: string): void {
  const target = preloadTargetFor(pathname);
  if (!target || !hasStoredSession()) return;
  void loadClient().catch(ignore); // the session store loads supabase-js too, a little later
  void import('./route-data-preload.ts').then((m) => m.preloadRoute(target)).catch(ignore);
}
