import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AppearanceProvider } from './appearance/appearance-provider.tsx';
import { AppToaster } from './app-toaster.tsx';

/** Each new page starts at the top (the router keeps the scroll position otherwise). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * App-wide providers: the router, the appearance (theme, accent, density) and the toaster (sonner,
 * loaded with the first toast). TanStack Query and the supabase client are provided by
 * <DataProviders> (data-providers.tsx) around every route that uses data, so the landing page
 * ships neither.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <AppearanceProvider>
        <ScrollToTop />
        {children}
        <AppToaster />
      </AppearanceProvider>
    </BrowserRouter>
  );
}
