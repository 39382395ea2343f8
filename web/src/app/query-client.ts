import { QueryClient } from '@tanstack/react-query';
import { queryClientForSession } from '../lib/session/query-sync.ts';

/**
 * The app's one QueryClient. It lives in the data chunk (with supabase-js), so pages that show no
 * data, like the landing page, never download TanStack Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

queryClientForSession(queryClient);
