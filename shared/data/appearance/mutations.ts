import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { AppearanceInput } from '../../schemas/appearance.ts';
import type { DataClient } from '../client.ts';
import { saveAppearance } from './api.ts';
import { appearanceKeys } from './keys.ts';

export const appearanceMutations = {
  save: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...appearanceKeys.all, 'save'],
      mutationFn: (input: AppearanceInput) => saveAppearance(client, userId, input),
      onSuccess: (row) => queryClient.setQueryData(appearanceKeys.detail(userId), row),
    }),
};
