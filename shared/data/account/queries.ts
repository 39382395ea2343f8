import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getAccountControls, listIdentityProviders } from './api.ts';
import { accountKeys } from './keys.ts';

export const accountQueries = {
  identities: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: accountKeys.identities(userId), queryFn: () => listIdentityProviders(client) }),
  controls: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: accountKeys.controls(userId), queryFn: () => getAccountControls(client, userId) }),
};
