import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('../../../../shared/ui/Toaster.tsx').then((module) => ({ default: module.Toaster })));

/** The shared Toaster, fetched in parallel with the first paint instead of before it. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-center" />
    </Suspense>
  );
}
