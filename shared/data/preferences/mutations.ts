import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../rules/preferences.ts';
import type { DataClient } from '../client.ts';
import { savePreferences } from './api.ts';
import { preferencesKeys } from './keys.ts';

export const preferencesMutations = {
  save: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...preferencesKeys.all, 'save'],
      mutationFn: (input: Preferences) => savePreferences(client, userId, input),
      // Every screen reads this one cache entry, so the change applies everywhere at once.
      onSuccess: (row) => queryClient.setQueryData(preferencesKeys.detail(userId), row),
    }),
};
