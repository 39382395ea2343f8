/**
 * The chunks of a signed-in first load's route chain, loaded by the routes (routes.tsx) and started
 * early by the entry's first import (route-preload.ts), before React is evaluated: one module
 * specifier each, so both ask for the same download. Imports nothing at runtime.
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
export const loadDashboardPage = pageLoader(() => import('../routes/dashboard/dashboard-page.tsx'));
export const loadCategoryPage = pageLoader(() => import('../routes/category/category-page.tsx'));
