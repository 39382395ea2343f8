import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '~shared/data/auth/keys.ts';
import { sessionStore } from './session-store.ts';

/**
 * Keeps shared/data's session query in step with the visitor state, and drops every cached query
 * when the user signs out (the next user must never see the previous one's data).
 */
export function queryClientForSession(queryClient: QueryClient): () => void {
  let previousUser: string | null | undefined;
  let previousStatus: string | undefined;
  const sync = () => {
    const { status, session } = sessionStore.getSnapshot();
    if (status === 'loading') return;
    const userId = session?.user.id ?? null;
    // Anything read before the two-factor code was refused by the aal2 policies: read it again.
    if ((previousUser && previousUser !== userId) || (previousStatus === 'needs-code' && status === 'signed-in')) queryClient.clear();
    previousUser = userId;
    previousStatus = status;
    queryClient.setQueryData(authKeys.session(), session);
  };
  sync();
  return sessionStore.subscribe(sync);
}
