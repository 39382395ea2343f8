import { earlyAnswersIn, startEarlyRpcs, type EarlyCall } from '~shared/data/early-rpc.ts';
import { FOLDER_FIRST_SCREEN, getFolderCall, listCategoriesRead, listFolderLinksCall, listLinksCall } from '~shared/data/list-calls.ts';
import { hasStoredSession, storedSignedInUser } from '~shared/rules/stored-session.ts';
import { isUuid } from '~shared/rules/uuid.ts';
import { folderStartsWithFirstScreen } from '../lib/folder-prefs.ts';
import { loadClient } from '../lib/load-client.ts';
import { REST_ENDPOINT } from '../lib/rest-endpoint.ts';
import { loadDataProviders, loadPage, loadSignedInLayout } from './page-loaders.ts';
import { ROUTE_MODULES, type RouteModule } from './route-modules.ts';

/** What the first page needs before it can show data: a folder's id, or the dashboard. */
export type PreloadTarget = { folderId: string } | { dashboard: true };

/** The paths of the pages whose first load starts early (route-modules.ts), as patterns. */
const FIRST_LOADS = ROUTE_MODULES.flatMap((module: RouteModule) =>
  (module.firstLoad ? module.paths : []).map((entry) => ({
    module,
    pattern: new RegExp(`^${(typeof entry === 'string' ? entry : entry.path).replace(/:\w+/g, '([^/]+)')}/?$`, 'i'),
  })),
);

/** The page a path is, when its first load starts early; null for every other page. */
function firstLoadAt(pathname: string): { module: RouteModule; target: PreloadTarget } | null {
  for (const { module, pattern } of FIRST_LOADS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (module.firstLoad === 'dashboard') return { module, target: { dashboard: true } };
    // A folder's path names its id, a UUID (other pages under /category/ are not folders).
    if (match[1] && isUuid(match[1])) return { module, target: { folderId: match[1] } };
  }
  return null;
}

export function preloadTargetFor(pathname: string): PreloadTarget | null {
  return firstLoadAt(pathname)?.target ?? null;
}

/**
 * The reads a page needs before it can show its data, the very calls its queries make
 * (shared/data/list-calls.ts). The dashboard's grid needs the folders as well as the links: asked
 * for later, they came in after the links and the whole grid was drawn twice.
 */
export function earlyCallsFor(target: PreloadTarget, userId: string): EarlyCall[] {
  if ('folderId' in target) {
    const limit = folderStartsWithFirstScreen() ? FOLDER_FIRST_SCREEN : undefined;
    return [getFolderCall(target.folderId), listFolderLinksCall(userId, target.folderId, limit)];
  }
  return [listLinksCall(userId), listCategoriesRead(userId)];
}

const ignore = () => {
  // A failed preload changes nothing: the route loads its chunk and data itself.
};

/**
 * First page load of a signed-in folder or the dashboard: a large folder must show within its budget
 * (docs/performance.md). React reaches the page
 * only after a chain of lazy chunks (data providers → supabase-js → signed-in layout → page), and
 * the page would ask for its data only once it rendered. Here, before any of that:
 * - the page's big reads start at once with fetch and the stored token (shared/data/early-rpc.ts;
 *   supabase-js's own identical requests are answered with them);
 * - supabase-js and route-data-preload.ts start downloading; that module starts the page's queries
 *   (which take the early answers) as soon as supabase-js is there;
 * - the route chain's chunks (data providers, signed-in layout, page) start downloading all at once,
 *   while the entry is still being evaluated (page-loaders.ts: the routes load the same modules), and
 *   the routes render them, without suspending, once they and the early answers are in.
 */
export function preloadInitialRoute(pathname: string): void {
  routeReady = null;
  const page = firstLoadAt(pathname);
  if (!page || !hasStoredSession()) return;
  const { target } = page;
  const signedIn = storedSignedInUser();
  if (signedIn) {
    startEarlyRpcs(REST_ENDPOINT, signedIn.accessToken, earlyCallsFor(target, signedIn.userId));
  }
  void loadClient().catch(ignore); // the session store loads supabase-js too, a little later
  const data = import('./route-data-preload.ts').then((m) => m.preloadRouteData(target)).catch(ignore);
  // The route renders once its chunks are in and its data is in the query cache (at most 1 s
  // later): rendered before, its first render competed with reading the dashboard's 2.7 MB answer
  // (+80 ms to the dashboard's first load on 2 cores), and it has nothing to show without them.
  // Rendered when only the early answers were in, a folder drew its loading skeleton (a render, a
  // commit and a layout, 10-20 ms on 2 cores) a few milliseconds before the data replaced it.
  const answers = earlyAnswersIn(EARLY_ANSWERS_WAIT_MS, data);
  void data.then(() => performance.mark('lv:first-load-data-in'));
  const loads = [loadDataProviders, loadSignedInLayout, loadPage(page.module)].map((load) => load(answers).catch(ignore));
  // React's first render waits for them too (main.tsx), at most as long as the answers: rendered
  // before, it drew the loading fallback (a render, a layout and a paint on the cores the chain's
  // compiling and the answers' reading need) only to replace it a few frames later.
  routeReady = Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, EARLY_ANSWERS_WAIT_MS))]).then(
    () => undefined,
  );
}

let routeReady: Promise<void> | null = null;

/** Settles when a first load's route can render with its data (at most 1 s after it started); null when this load preloads nothing. */
export const firstRouteReady = (): Promise<void> | null => routeReady;

/** The longest a first load's route waits for its early answers before rendering without them. */
const EARLY_ANSWERS_WAIT_MS = 1_000;
