import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getSession, getUser } from './api.ts';
import { authKeys } from './keys.ts';

export const authQueries = {
  /** The stored session; {@link useAuthSubscription} keeps it current. */
  session: (client: DataClient) => queryOptions({ queryKey: authKeys.session(), queryFn: () => getSession(client), staleTime: Infinity }),
  user: (client: DataClient) => queryOptions({ queryKey: authKeys.user(), queryFn: () => getUser(client), staleTime: 60_000 }),
};
