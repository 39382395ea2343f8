import { lazy, Suspense, type ComponentType } from 'react';
import { PageFallback } from '../components/page-fallback.tsx';

/** A route element whose code is its own chunk. */
export type LazyRoute<P extends object> = (props: P) => React.JSX.Element;

/**
 * A route element whose code is its own chunk (React.lazy), shown with a loading fallback.
 * `load` returns the module; `pick` chooses the component (our pages use named exports).
 */
export function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): LazyRoute<P> {
  const Page = lazy(() => load().then((module) => ({ default: pick(module) })));
  function LazyRouteElement(props: P) {
    return (
      <Suspense fallback={<PageFallback />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyRouteElement;
}
