import type { RouteModule } from './route-modules.ts';

/**
 * The chunks of the route table: the layouts of signed-in pages and every page, loaded by the
 * routes (routes.tsx) and, for a signed-in first load's route chain, started early by the entry's
 * first import (route-preload.ts), before React is evaluated: one loader each, so both ask for the
 * same download. Imports nothing at runtime but the pages' loaders.
 */

/**
 * A page's loader that knows whether its module is in (`loaded`) or on its way (`loading`): the
 * route then shows the page, or waits for it, without suspending (lazy-page.tsx).
 */
export type PageLoader<M> = ((after?: Promise<unknown> | null) => Promise<M>) & {
  loaded: () => M | undefined;
  loading: () => Promise<M> | undefined;
};

/** `after`: the module counts as in only once this settles too (a first load's early answers). */
export function pageLoader<M>(importer: () => Promise<M>): PageLoader<M> {
  let module: M | undefined;
  let inFlight: Promise<M> | undefined;
  const load = (after?: Promise<unknown> | null) => {
    const promise = importer().then(
      async (loaded) => {
        if (after) await after;
        module = loaded;
        return loaded;
      },
      (error: unknown) => {
        if (inFlight === promise) inFlight = undefined;
        throw error;
      },
    );
    inFlight ??= promise;
    return promise;
  };
  return Object.assign(load, { loaded: () => module, loading: () => (module ? undefined : inFlight) });
}

export const loadDataProviders = pageLoader(() => import('./data-providers.tsx'));
export const loadSignedInLayout = pageLoader(() => import('../routes/signed-in/signed-in-layout.tsx'));

/** A page module: its component is one of its named exports (route-modules.ts names it). */
export type PageModule = Record<string, unknown>;

/**
 * Every route's page module, each a chunk of its own, by file under routes/ (route-modules.ts):
 * a route's page is `routes/<area>/<name>-page.tsx`.
 */
const pageModules = import.meta.glob<PageModule>('./*/*-page.tsx', { base: '../routes' });
const loaders = new Map<string, PageLoader<PageModule>>();

/** The loader of a route module's page (one per page: the routes and the first-load start share it). */
export function loadPage(module: RouteModule): PageLoader<PageModule> {
  let loader = loaders.get(module.file);
  if (!loader) {
    const importer = pageModules[`./${module.file}`];
    if (!importer) throw new Error(`No page module routes/${module.file} (route-modules.ts)`);
    loaders.set(module.file, (loader = pageLoader(importer)));
  }
  return loader;
}
