import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSessionState } from '../../lib/session/use-session-state.ts';
import { ensureToaster } from '~shared/ui/toast.ts';
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
    // Signed-in pages toast from their first action on: the toaster loads now, so that toast does not wait for it.
    void ensureToaster();
  }, []);

  // Two-factor on and the code not yet entered: the /auth page asks for it; no page before that.
  if (status === 'signed-out' || status === 'needs-code') return <Navigate to={authPathFor(location.pathname, location.search)} replace />;
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
