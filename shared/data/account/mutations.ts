import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '../../schemas/delete-account.ts';
import type { DataClient } from '../client.ts';
import { deleteAccount, setDeactivated, setSharingDisabled } from './api.ts';
import { accountKeys } from './keys.ts';

export const accountMutations = {
  setSharingDisabled: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'sharing'],
      mutationFn: (disabled: boolean) => setSharingDisabled(client, userId, disabled),
      onSuccess: (row) => queryClient.setQueryData(accountKeys.controls(userId), row),
    }),
  setDeactivated: (client: DataClient, queryClient: QueryClient, userId: string) =>
    mutationOptions({
      mutationKey: [...accountKeys.all, 'deactivated'],
      mutationFn: (deactivated: boolean) => setDeactivated(client, userId, deactivated),
      onSuccess: (row) => queryClient.setQueryData(accountKeys.controls(userId), row),
    }),
  deleteAccount: (client: DataClient) =>
    mutationOptions({ mutationKey: [...accountKeys.all, 'delete'], mutationFn: (body: DeleteAccountBody) => deleteAccount(client, body) }),
};
