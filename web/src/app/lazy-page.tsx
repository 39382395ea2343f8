import { lazy, Suspense, useLayoutEffect, useState, type ComponentType } from 'react';
import { PageFallback } from '../components/page-fallback.tsx';

/** A route element whose code is its own chunk. */
export type LazyRoute<P extends object> = (props: P) => React.JSX.Element;

/** What lazyPage needs of a page-loaders.ts loader: its module if in, its download if on its way. */
interface KnownLoad<M> {
  loaded?: () => M | undefined;
  loading?: () => Promise<M> | undefined;
}

/**
 * A route element whose code is its own chunk (React.lazy), shown with a loading fallback.
 * `load` returns the module; `pick` chooses the component (our pages use named exports).
 *
 * A first load's route chain (page-loaders.ts, started before React by route-preload.ts) never
 * suspends: a page whose module is in renders at once, and one on its way shows the fallback until
 * it is in, as plain state. React.lazy would suspend even on a loaded module, and every Suspense
 * fallback shown or hidden makes React hold the next reveal until 300 ms later (its retry throttle):
 * up to 250 ms of a folder's first load (budget: docs/performance.md). Other loads (navigations) suspend as
 * before, so a navigation keeps the current page up until the next one is in.
 */
export function lazyPage<M, P extends object = object>(
  load: (() => Promise<M>) & KnownLoad<M>,
  pick: (module: M) => ComponentType<P>,
): LazyRoute<P> {
  // React.lazy keeps a failed download's error for good: a new one is made after a failure, so
  // coming back to the page (App's error boundary shows PageError meanwhile) tries again.
  const fresh = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          Page = fresh();
          throw error;
        },
      ),
    );
  let Page = fresh();
  function LazyRouteElement(props: P) {
    // Decided at mount: a page is shown directly, awaited as state, or left to React.lazy.
    const [known, setKnown] = useState<{ page: ComponentType<P> | null; waiting: boolean }>(() => {
      const module = load.loaded?.();
      return module ? { page: pick(module), waiting: false } : { page: null, waiting: !!load.loading?.() };
    });
    // Before paint: a module already in by then is shown without waiting for a frame.
    useLayoutEffect(() => {
      if (!known.waiting) return;
      let live = true;
      const module = load.loaded?.();
      void (module ? Promise.resolve(module) : (load.loading?.() ?? load())).then(
        (loaded) => live && setKnown({ page: pick(loaded), waiting: false }),
        // A failed download: React.lazy tries again and reports an error as any route does.
        () => live && setKnown({ page: null, waiting: false }),
      );
      return () => {
        live = false;
      };
    }, [known.waiting]);
    if (known.page) {
      const Known = known.page;
      return <Known {...props} />;
    }
    if (known.waiting) return <PageFallback />;
    return (
      <Suspense fallback={<PageFallback />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyRouteElement;
}
