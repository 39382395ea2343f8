import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle, useDocumentMeta } from '../../lib/document-meta.ts';
import { HomeIcon } from '~shared/ui/icons/public-icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';

/** Any unknown path (part 2 §2). */
export function NotFoundPage() {
  const location = useLocation();
  useDocumentMeta({ title: pageTitle('Page not found'), noindex: true });
  useEffect(() => {
    console.warn('404: no route for', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-background px-4 text-center text-foreground">
      <p className="text-7xl font-extrabold tracking-tight text-primary sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-semibold sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-2 max-w-md text-muted-foreground">The page you are looking for does not exist or may have moved.</p>
      <LinkButton to="/" className="mt-8">
        <HomeIcon size={16} />
        Return to Home
      </LinkButton>
    </main>
  );
}
