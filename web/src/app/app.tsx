import { useLocation, useRoutes } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageError } from './page-error.tsx';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

function AppRoutes() {
  const element = useRoutes(routes);
  // A page that cannot render shows PageError instead of blanking the app; going to another
  // path (Back included) renders the routes again.
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <PageError error={error} />}>
      {element}
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
