import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DataClient } from '../client.ts';
import { authKeys } from './keys.ts';
import {
  completeSignInWithCode,
  disableTwoFactor,
  getTwoFactorStatus,
  startTwoFactorEnrolment,
  verifyTwoFactorCode,
} from './two-factor.ts';

const statusKey = () => [...authKeys.all, 'two-factor'] as const;

export const twoFactorQueries = {
  status: (client: DataClient) => queryOptions({ queryKey: statusKey(), queryFn: () => getTwoFactorStatus(client) }),
};

export const twoFactorMutations = {
  start: (client: DataClient) =>
    mutationOptions({ mutationKey: [...statusKey(), 'start'], mutationFn: () => startTwoFactorEnrolment(client) }),
  confirm: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...statusKey(), 'confirm'],
      mutationFn: (params: { factorId: string; code: string }) => verifyTwoFactorCode(client, params.factorId, params.code),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
    }),
  disable: (client: DataClient, queryClient: QueryClient) =>
    mutationOptions({
      mutationKey: [...statusKey(), 'disable'],
      mutationFn: (params: { factorId: string; code: string }) => disableTwoFactor(client, params.factorId, params.code),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
    }),
  signIn: (client: DataClient) =>
    mutationOptions({ mutationKey: [...statusKey(), 'sign-in'], mutationFn: (code: string) => completeSignInWithCode(client, code) }),
};
