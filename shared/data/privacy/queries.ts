import { queryOptions } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { getPrivacySettings } from './api.ts';
import { privacyKeys } from './keys.ts';

export const privacyQueries = {
  detail: (client: DataClient, userId: string) =>
    queryOptions({ queryKey: privacyKeys.detail(userId), queryFn: () => getPrivacySettings(client, userId) }),
};
