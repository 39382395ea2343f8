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

const ignore = () => {
  // A failed preload changes nothing: the route loads its chunk and data itself.
};

/**
 * First page load of a signed-in folder or the dashboard (issue 11 'Scale'): React reaches the page
 * only after a chain of lazy chunks (data providers → supabase-js → signed-in layout → page), and the
 * page asked for its data only once it rendered. Here every chunk of that chain is requested at once
 * and the page's queries start as soon as supabase-js is there, into the same query cache the page
 * reads (the same import() calls as routes.tsx, so nothing loads twice).
 */
export function preloadInitialRoute(pathname: string): void {
  const target = preloadTargetFor(pathname);
  if (!target || !hasStoredSession()) return;
  // The data first: the browser fetches at most 6 files at a time from one HTTP/1.1 host, and the
  // page's chunks are many. supabase-js is the session store's too (it loads it a little later).
  void loadClient().catch(ignore);
  void import('./route-data-preload.ts').then((m) => m.preloadRouteData(target)).catch(ignore);
  void import('./data-providers.tsx').catch(ignore);
  void import('../routes/signed-in/signed-in-layout.tsx').catch(ignore);
  if ('folderId' in target) void import('../routes/category/category-page.tsx').catch(ignore);
  else void import('../routes/dashboard/dashboard-page.tsx').catch(ignore);
}
