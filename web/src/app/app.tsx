import { useRoutes } from 'react-router-dom';
import { Providers } from './providers.tsx';
import { routes } from './routes.tsx';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <Providers>
      <AppRoutes />
    </Providers>
  );
}
