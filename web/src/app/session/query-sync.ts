import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '~shared/data/auth/keys.ts';
import { sessionStore } from './session-store.ts';

/**
 * Keeps shared/data's session query in step with the visitor state, and drops every cached query
 * when the user signs out (the next user must never see the previous one's data).
 */
export function queryClientForSession(queryClient: QueryClient): () => void {
  let previousUser: string | null | undefined;
  const sync = () => {
    const { status, session } = sessionStore.getSnapshot();
    if (status === 'loading') return;
    const userId = session?.user.id ?? null;
    if (previousUser && previousUser !== userId) queryClient.clear();
    previousUser = userId;
    queryClient.setQueryData(authKeys.session(), session);
  };
  sync();
  return sessionStore.subscribe(sync);
}
