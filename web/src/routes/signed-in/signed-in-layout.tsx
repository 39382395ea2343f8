import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionState } from '../../app/session/use-session-state.ts';
import { ensureToaster } from '../../app/toast.ts';
import { PageFallback } from '../../components/page-fallback.tsx';
import { BannerOptionsProvider } from '../../features/header-banner/banner-options.tsx';
import { HeaderBanner } from '../../features/header-banner/header-banner.tsx';

/** /auth, with ?redirect= back here unless here is the dashboard (where sign-in goes anyway). */
function authPathFor(pathname: string, search: string): string {
  if (pathname === '/dashboard') return '/auth';
  return `/auth?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * Every signed-in page: needs a session (otherwise /auth, also when the session ends later, part 2 §4)
 * and shows the header banner above the page. Sits inside <DataProviders>.
 */
export function SignedInLayout() {
  const { status, session } = useSessionState();
  const location = useLocation();

  useEffect(() => {
    // Signed-in pages toast through shared/ui (sonner) directly, so the toaster must already listen.
    void ensureToaster();
  }, []);

  if (status === 'signed-out') return <Navigate to={authPathFor(location.pathname, location.search)} replace />;
  if (status === 'loading' || !session) return <PageFallback />;

  return (
    <BannerOptionsProvider>
      <div className="flex min-h-screen flex-col bg-background text-foreground">
        <HeaderBanner user={session.user} />
        <Outlet />
      </div>
    </BannerOptionsProvider>
  );
}
