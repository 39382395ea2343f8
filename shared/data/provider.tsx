import { createContext, useContext, type ReactNode } from 'react';
import type { DataClient } from './client.ts';

const DataClientContext = createContext<DataClient | null>(null);

/** Makes one supabase-js client available to the data hooks (the app also provides a QueryClient). */
export function DataClientProvider({ client, children }: { client: DataClient; children: ReactNode }) {
  return <DataClientContext.Provider value={client}>{children}</DataClientContext.Provider>;
}

export function useDataClient(): DataClient {
  const client = useContext(DataClientContext);
  if (!client) throw new Error('useDataClient needs a <DataClientProvider client={…}> above it');
  return client;
}
