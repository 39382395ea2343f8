import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataClient } from '../provider.tsx';
import { onAuthStateChange } from './api.ts';
import { authKeys } from './keys.ts';
import { authQueries } from './queries.ts';

/**
 * The current session, kept in step with supabase-js auth events (sign-in, refresh, sign-out,
 * and changes made by another extension context through the shared storage).
 */
export function useSession() {
  const client = useDataClient();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAuthStateChange(client, (event, session) => {
        queryClient.setQueryData(authKeys.session(), session);
        if (event === 'SIGNED_OUT') queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      }),
    [client, queryClient],
  );
  return useQuery(authQueries.session(client));
}
