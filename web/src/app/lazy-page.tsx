import { lazy, Suspense, type ComponentType } from 'react';
import { PageFallback } from '../components/page-fallback.tsx';

/** A route element whose code is its own chunk; `preload()` starts downloading it before it renders. */
export type LazyRoute<P extends object> = ((props: P) => React.JSX.Element) & { preload: () => void };

/**
 * A route element whose code is its own chunk (React.lazy), shown with a loading fallback.
 * `load` returns the module; `pick` chooses the component (our pages use named exports).
 */
export function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyRoute<P> {
  let loading: Promise<M> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed download is tried again on the next render
      throw error;
    });
    return loading;
  };
  const Page = lazy(() => loadOnce().then((module) => ({ default: pick(module) })));
  function LazyRouteElement(props: P) {
    return (
      <Suspense fallback={<PageFallback />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyRouteElement, {
    preload: () => {
      loadOnce().catch(() => {
        // The route renders later and shows its own error if the chunk cannot be loaded.
      });
    },
  });
}
