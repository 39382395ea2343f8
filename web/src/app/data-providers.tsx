import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { DataClient } from '~shared/data/client.ts';
import { DataClientProvider } from '~shared/data/provider.tsx';
import { PageFallback } from '../components/page-fallback.tsx';
import { loadClient, loadedClient } from '../lib/load-client.ts';
import { queryClient } from './query-client.ts';

/**
 * The data providers: TanStack Query's client and the supabase-js client for shared/data hooks.
 * Every route that reads or writes data sits below this one (a layout route in routes.tsx); it is
 * its own chunk, loaded with the first such route.
 */
export function DataProviders({ children }: { children?: ReactNode }) {
  const [client, setClient] = useState<DataClient | null>(loadedClient);
  useEffect(() => {
    if (!client) void loadClient().then(setClient);
  }, [client]);
  if (!client) return <PageFallback />;
  return (
    <QueryClientProvider client={queryClient}>
      <DataClientProvider client={client}>{children ?? <Outlet />}</DataClientProvider>
    </QueryClientProvider>
  );
}
