import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { isValidSlug } from '~shared/rules/slug.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';

const ComingSoonPage = lazy(() => import('../placeholder/coming-soon-page.tsx').then((m) => ({ default: m.ComingSoonPage })));

/**
 * /{slug} and /{slug}/preview: a public profile page (part 2 §2). A first path segment that cannot be
 * a profile URL name (3-30 letters, digits, '_' or '-') is an unknown path: 404.
 */
export function SlugRoute({ preview = false }: { preview?: boolean }) {
  const { slug = '' } = useParams();
  if (!isValidSlug(slug)) return <NotFoundPage />;
  return (
    <Suspense fallback={<PageFallback />}>
      <div className="flex min-h-screen flex-col bg-background text-foreground">
        <ComingSoonPage
          title={preview ? `@${slug} — private preview` : `@${slug}`}
          summary={preview ? 'The private preview of this public profile page.' : 'The public profile page of this member.'}
        />
      </div>
    </Suspense>
  );
}
