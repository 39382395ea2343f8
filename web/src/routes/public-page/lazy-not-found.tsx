import { lazy, Suspense } from 'react';
import { PageFallback } from '../../components/page-fallback.tsx';

// Only a mistyped or unknown address shows it: not part of a public page's budgeted first load.
const LazyNotFoundPage = lazy(() => import('../not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

/** The 404 page for /{slug} and /{slug}/{folder}, downloaded only when an address has nothing. */
export function NotFoundPage() {
  return (
    <Suspense fallback={<PageFallback />}>
      <LazyNotFoundPage />
    </Suspense>
  );
}
